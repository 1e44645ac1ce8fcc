import Foundation
import XCTest
@testable import routeit
import RouteItTestSupport

/// `routeit --generate man|bash|zsh|fish`, `routeit help`, and `Scripts/install`: made from the
/// same tables, so every option, tool and shell command appears in each, with the same words.
final class GeneratedDocsTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> String {
        let result = try RouteItProcess.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Roff source as plain words: escapes undone, requests dropped, whitespace collapsed.
    private func words(ofRoff roff: String) -> String {
        let text = roff.split(separator: "\n").filter { !$0.hasPrefix(".") || $0.hasPrefix(".B ") }
            .map { $0.hasPrefix(".B ") ? String($0.dropFirst(3)) : String($0) }
            .joined(separator: " ")
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
        return collapse(text)
    }

    private func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func testHelpForEveryCommandSaysWhatTheManPageSays() throws {
        let man = words(ofRoff: try run(["--generate", "man"]))
        for tool in ToolTable.all {
            let help = try run(["help", tool.name])
            XCTAssertTrue(help.hasPrefix("usage: routeit \(tool.synopsis)\n"), help)
            XCTAssertTrue(collapse(help).contains(collapse(tool.details)), "help \(tool.name) has its details")
            XCTAssertTrue(man.contains(collapse(tool.details)), "the man page has \(tool.name)'s details")
            XCTAssertEqual(try run([tool.name, "--help"]), help, "\(tool.name) --help is help \(tool.name)")
        }
        for command in CommandTable.all {
            let help = try run(["help", command.name])
            XCTAssertTrue(help.contains(command.usage + "\n  " + command.summary), help)
            XCTAssertTrue(man.contains(collapse(command.usage)), "the man page lists \(command.usage)")
            if let details = command.details {
                XCTAssertTrue(collapse(help).contains(collapse(details)), help)
                XCTAssertTrue(man.contains(collapse(details)), "the man page has \(command.name)'s details")
            }
        }
        let help = try RouteItProcess.run(["help", "nonsense"])
        XCTAssertEqual(help.status, 2)
        XCTAssertEqual(help.stderr, "routeit: no help for \"nonsense\" (routeit --help lists the commands)\n")
        XCTAssertTrue(try run(["--version"]).hasPrefix("routeit \(RouteItVersion.program) (map schema "))
    }

    func testEveryOptionIsInTheHelpTheManPageAndEveryCompletion() throws {
        let help = try run(["--help"])
        let man = words(ofRoff: try run(["--generate", "man"]))
        let scripts = try ["bash", "zsh", "fish"].map { try run(["--generate", $0]) }
        for option in OptionTable.all {
            XCTAssertTrue(help.contains(option.synopsis), "--help: \(option.synopsis)")
            XCTAssertTrue(man.contains(option.synopsis), "man: \(option.synopsis)")
            for (kind, script) in zip(["bash", "zsh", "fish"], scripts) {
                for name in option.names {
                    let spelled = kind == "fish" ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
                    XCTAssertTrue(script.contains(spelled), "\(kind) completion: \(name)")
                }
            }
        }
        for tool in ToolTable.all {
            for script in scripts { XCTAssertTrue(script.contains(tool.name)) }
        }
    }

    /// The bash completion really completes: commands, a tool's options, an option's values.
    func testBashCompletionCompletes() throws {
        let script = try run(["--generate", "bash"])
        func complete(_ words: [String]) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-c", script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _routeit; printf '%s\\n' \"${COMPREPLY[@]}\""]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(Set(try complete(["routeit", "r"])), ["run", "route", "reverse"])
        XCTAssertEqual(try complete(["routeit", "route", "a", "--mo"]), ["--mode"])
        XCTAssertEqual(try complete(["routeit", "--mo"]), ["--mode"], "the shell takes --mode too")
        XCTAssertEqual(try complete(["routeit", "geocode", "--alt"]), [], "--alternatives is route's")
        XCTAssertEqual(Set(try complete(["routeit", "route", "--mode", ""])), ["car", "walk", "bike", "driving", "foot", "walking", "cycling", "bicycle"])
        XCTAssertEqual(try complete(["routeit", "run", "--keep"]), ["--keep-going"])
        XCTAssertEqual(try complete(["routeit", "help", "expo"]), ["export"])
    }

    /// Values come from where they live: installed maps from the maps directory, fixed words.
    func testCompletionsOfferInstalledMapsAndOptionValues() throws {
        let data = try TestFiles.temporaryDirectory(for: self)
        let maps = data.appendingPathComponent("routeit/maps")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        for name in ["monaco", "tallinn"] { try Data().write(to: maps.appendingPathComponent(name + ".routeit")) }
        let script = try run(["--generate", "bash"])
        func complete(_ words: [String]) throws -> Set<String> {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-c", script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _routeit; printf '%s\\n' \"${COMPREPLY[@]}\""]
            process.environment = ["XDG_DATA_HOME": data.path, "HOME": data.path, "PATH": "/usr/bin:/bin"]
            process.currentDirectoryURL = data
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            return Set(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init))
        }
        XCTAssertEqual(try complete(["routeit", "route", "--map", "m"]), ["monaco"])
        XCTAssertEqual(try complete(["routeit", "--map", ""]), ["monaco", "tallinn", "routeit"], "maps, then files (the data directory)")
        XCTAssertEqual(try complete(["routeit", "maps", "info", "t"]), ["tallinn"])
        XCTAssertEqual(try complete(["routeit", "route", "--depart", ""]), ["now"])
        for kind in ["zsh", "fish"] {
            let text = try run(["--generate", kind])
            XCTAssertTrue(text.contains("routeit/maps"), "\(kind) reads the maps directory")
            XCTAssertTrue(text.contains(kind == "zsh" ? ":NAME|PATH:_routeit_maps" : "-l map -r -F -a '(__routeit_maps)'"), text)
        }
    }

    func testInstallPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
        let prefix = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("prefix")
        let process = Process()
        process.executableURL = RouteItProcess.packageRoot.appendingPathComponent("Scripts/install")
        process.arguments = ["--prefix", prefix.path]
        var environment = ProcessInfo.processInfo.environment
        environment["ROUTEIT_BIN"] = try RouteItProcess.locate().path
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, said)
        for path in ["bin/routeit", "share/man/man1/routeit.1", "share/bash-completion/completions/routeit",
                     "share/zsh/site-functions/_routeit", "share/fish/vendor_completions.d/routeit.fish"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/routeit").path))
        XCTAssertEqual(try String(contentsOf: prefix.appendingPathComponent("share/man/man1/routeit.1"), encoding: .utf8),
                       try run(["--generate", "man"]))
        XCTAssertTrue(said.contains("is not on your PATH"), said)
        // man finds the page from the PATH (…/bin → …/share/man), where man is installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let man = Process()
            man.executableURL = URL(fileURLWithPath: "/usr/bin/man")
            man.arguments = ["routeit"]
            man.environment = ["PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80",
                               "HOME": prefix.path]
            let out = Pipe()
            man.standardOutput = out
            man.standardError = FileHandle.nullDevice
            try man.run()
            let page = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            man.waitUntilExit()
            XCTAssertEqual(man.terminationStatus, 0)
            XCTAssertTrue(page.contains("ROUTEIT(1)"), page)
            XCTAssertTrue(page.contains("--directions osrm=URL"), page)
        }
    }
}
