import XCTest
import RouteItTestSupport

/// A replayed `.flow` lists the same picker rows whoever runs it: it starts from no recent
/// places and builds its own, whatever earlier sessions picked.
final class ReplayHistoryTests: XCTestCase {
    /// What `routeit run` printed for the command `line` (up to the next command).
    static func output(of line: String, in transcript: String) -> String {
        let after = transcript.components(separatedBy: "> \(line)\n").dropFirst().first ?? ""
        return after.components(separatedBy: "\n> ").first ?? ""
    }

    func testAReplayListsTheSameRowsAfterAnEarlierSessionPickedAnotherRow() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let directory = try TestFiles.temporaryDirectory(for: self)
        // Two streets read "Annankatu, …": equally good matches, which a recent place would reorder.
        let flow = directory.appendingPathComponent("annankatu.flow")
        try "type 1 Annankatu\nenter 1\npick 2\nenter 1\n".write(to: flow, atomically: true, encoding: .utf8)
        // One planner store for both runs, as one user's.
        let environment = HelsinkiFlowTests.environment.merging(["XDG_DATA_HOME": RouteItProcess.privateDataDirectory()]) { $1 }
        let first = try RouteItProcess.run(["--map", map, "run", flow.path], environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        let rows = Self.output(of: "enter 1", in: first.stdout)
        XCTAssertTrue(rows.contains("2. "), "at least two rows to pick from:\n\(first.stdout)")

        let second = try RouteItProcess.run(["--map", map, "run", flow.path], environment: environment)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(Self.output(of: "enter 1", in: second.stdout), rows, "the first run's pick reordered the second run's rows")
    }
}
