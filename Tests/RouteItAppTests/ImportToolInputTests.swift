import Foundation
import XCTest
import RouteItTestSupport

/// `routeit import` on inputs that are broken or hostile, through the real executable: one
/// plain line for a file it cannot use, a "skipped:" line for elements it left out.
final class ImportToolInputTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try TestFiles.temporaryDirectory(for: self)
        // Readable and writable by the unprivileged user of the permission test.
        chmod(directory.path, 0o777)
    }

    private var environment: [String: String] {
        ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
         "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Ctrl-C mid-import stops it between steps: exit 130, a line saying nothing was written, and
    /// no partial file left in the folder (killed by the signal, it left a hidden temporary map).
    func testCtrlCStopsTheImportAndLeavesNoFiles() throws {
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try RouteItProcess.locate()
        process.arguments = ["import", try HelsinkiFlowTests.helsinkiExtract(), "-o", output.appendingPathComponent("h.routeit").path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let said = ChildOutput(process)
        try process.run()
        // The first phase's line: the import is under way, seconds from its end.
        XCTAssertTrue(said.wait(for: "import: reading ways", while: process, seconds: 120), said.text)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, said.text)
        XCTAssertEqual(process.terminationStatus, 130, said.text)
        XCTAssertTrue(said.text.contains("import: cancelled during"), said.text)
        XCTAssertTrue(said.text.hasSuffix("import: nothing written; no map was there\n"), said.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [])
    }

    func testSkippedElementsAreNamedInTheSummary() throws {
        let osm = try write("""
            <osm version="0.6">
              <node id="1" lat="60.17" lon="24.94"/><node id="2" lat="60.171" lon="24.941"/>
              <node id="3" lat="0" lon="0"/><node id="4" lat="60.172" lon="24.942"/><node id="5" lat="91" lon="24.9"/>
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/></way>
              <way id="11"><nd ref="1"/><nd ref="4"/><tag k="highway" v="residential"/></way>
            </osm>
            """, "nullisland.osm")
        let map = directory.appendingPathComponent("n.routeit").path
        let result = try RouteItProcess.run(["import", osm, "-o", map], environment: environment, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("import: skipped: 1 node with bad coordinates, 1 way with implausible geometry\n"),
                      result.stderr)
        XCTAssertEqual(result.stdout, map + "\n")
    }

    func testXMLSyntaxErrorIsAPlainSentence() throws {
        let osm = try write("<osm version=\"0.6\">\n<node id=\"1\" lat=\"1\" lon=\"2\">\n</osm>\n", "broken.osm")
        let result = try RouteItProcess.run(["import", osm, "-o", directory.appendingPathComponent("b.routeit").path],
                                            environment: environment, timeout: 120)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "routeit import: broken.osm is not valid OSM XML: "
                       + "a closing tag does not match its opening tag at line 3, byte 56\n")
    }

    func testInvalidUTF8InAnElementNameIsOneLineWithTheByte() throws {
        let url = directory.appendingPathComponent("utf8.osm")
        try Data(Array("<osm>\n<n".utf8) + [0xFF, 0xFE] + Array("ode id=\"1\" lat=\"1\" lon=\"2\"/>\n</osm>\n".utf8)).write(to: url)
        let result = try RouteItProcess.run(["import", url.path, "-o", directory.appendingPathComponent("u.routeit").path],
                                            environment: environment, timeout: 120)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "routeit import: utf8.osm is not valid OSM XML: "
                       + "invalid UTF-8 or a character XML does not allow at line 2, byte 8\n")
    }

    /// An existing file that cannot be read says so (not "The file doesn't exist."). Root reads
    /// everything, so as root the tool runs as `nobody` through setpriv.
    func testUnreadableFileSaysPermissionDenied() throws {
        let osm = try write("<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"2\"/></osm>\n", "secret.osm")
        chmod(osm, 0o000)
        var arguments = ["import", osm, "-o", directory.appendingPathComponent("s.routeit").path]
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw XCTSkip("setpriv is needed to drop root's privileges")
            }
            let executable = try RouteItProcess.locate().path
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments
            let result = try run(setpriv, arguments)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stderr, "routeit import: Cannot read \(osm): permission denied.\n")
        } else {
            let result = try RouteItProcess.run(arguments, environment: environment, timeout: 120)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stderr, "routeit import: Cannot read \(osm): permission denied.\n")
        }
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
