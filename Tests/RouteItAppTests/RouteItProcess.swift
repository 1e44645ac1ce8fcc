import Foundation
import XCTest
import RouteItTestSupport

/// Runs the real `routeit` executable built next to this test bundle.
enum RouteItProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var flowsDirectory: URL { packageRoot.appendingPathComponent("Tests/Flows") }

    /// `.build/<triple>/debug/routeit`, next to the `.xctest` bundle.
    static func locate() throws -> URL {
        ignoreBrokenPipes()   // every test that talks to routeit locates it first
        var directory = Bundle(for: BundleMarker.self).bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let url = directory.appendingPathComponent("routeit")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw RouteItMissing(path: url.path)
        }
        return url
    }

    struct RouteItMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "routeit executable not found at \(path); run swift build --build-tests" }
    }

    /// A child that exits early must fail the test that writes to it, not kill the whole test
    /// process with SIGPIPE.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Runs routeit with `arguments`, feeding `input` on stdin (then EOF), with extra environment.
    /// `currentDirectory`: where it runs (default: the test's own).
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:],
                    currentDirectory: URL? = nil, timeout: TimeInterval = 300) throws -> Result {
        try runCommand(try locate().path, arguments, input: input, environment: environment,
                       currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Runs `executable` (e.g. routeit under `setpriv`) the same way.
    static func runCommand(_ executable: String, _ arguments: [String], input: String? = nil,
                           environment: [String: String] = [:], currentDirectory: URL? = nil,
                           timeout: TimeInterval = 300) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // The planner store lives under XDG_DATA_HOME: each run gets its own unless the test
        // shares one on purpose, so no test reads another's trips or the user's.
        env["XDG_DATA_HOME"] = privateDataDirectory()
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        ignoreBrokenPipes()
        try process.run()
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("routeit \(arguments) did not finish within \(timeout)s")
            group.wait()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: collected.out, as: UTF8.self),
                      stderr: String(decoding: collected.err, as: UTF8.self))
    }

    /// A fresh directory under the test process's scratch directory, removed when the process exits.
    static func privateDataDirectory() -> String {
        let url = scratch.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// A `.flow` file holding `contents`, in the test process's scratch directory.
    static func flowFile(_ contents: String) throws -> URL {
        let url = URL(fileURLWithPath: privateDataDirectory()).appendingPathComponent("scenario.flow")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private static let scratch: URL = {
        do { return try TestFiles.processDirectory("routeit-data") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var out = Data(), err = Data()
        func set(_ data: Data, isError: Bool) { lock.withLock { if isError { err = data } else { out = data } } }
    }
}

private final class BundleMarker {}
