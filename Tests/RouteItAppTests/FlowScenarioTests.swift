import XCTest

/// Replays every golden scenario in Tests/Flows through the real executable.
final class FlowScenarioTests: XCTestCase {
    func flowFiles() throws -> [URL] {
        let files = try FileManager.default.contentsOfDirectory(at: RouteItProcess.flowsDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "flow" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertFalse(files.isEmpty, "no .flow files in \(RouteItProcess.flowsDirectory.path)")
        return files
    }

    func testEveryFlowScenarioPasses() throws {
        for file in try flowFiles() {
            let result = try RouteItProcess.run(["run", file.path])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent) failed:\n\(result.stderr)\n--- stdout:\n\(result.stdout)")
            XCTAssertTrue(result.stdout.hasPrefix("> "), "each command is printed: \(result.stdout.prefix(200))")
        }
    }

    func testEntryEditingTranscriptShowsCommandsAndScreens() throws {
        let result = try RouteItProcess.run(["run", RouteItProcess.flowsDirectory.appendingPathComponent("entry-editing.flow").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
        > swap
        Trip (car, miles)
        [ ] 1 From:   Mannerheimintie 1
        [ ] 2 Stop 1: Kaivokatu 1
        [ ] 3 Stop 2: Annankatu 25
        """), result.stdout)
        XCTAssertFalse(result.stdout.contains("> # "), "comments are not replayed")
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no colour into a pipe")
    }
}
