import XCTest

/// The shell with its real planner store: a trip saved as "café" precomposed (U+00E9) and then
/// as "CAFÉ" decomposed (E + U+0301) is one trip, as `save` says, not two entries that look alike.
final class SavedNamesShellTests: XCTestCase {
    func testSavingUnderTheSameNameInAnotherUnicodeFormReplacesTheTrip() throws {
        let input = """
        type 2 Senaatintori
        save caf\u{E9}
        type 2 Kauppatori
        save CAFE\u{301}
        trips
        type 2 Esplanadi
        open caf\u{E9}
        quit

        """
        let result = try RouteItProcess.run([], input: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = result.stdout
        XCTAssertTrue(out.contains("Saved trip \"CAF\u{C9}\""), out)
        XCTAssertTrue(out.contains("replacing the trip saved as \"caf\u{E9}\""), out)
        let listed = out.components(separatedBy: "\n").filter { $0.contains(", saved ") }
        XCTAssertEqual(listed.count, 1, "one trip, listed once: \(out)")
        XCTAssertTrue(listed.first?.hasPrefix("  CAF\u{C9}  (") == true, "its name precomposed: \(listed)")
        XCTAssertTrue(out.components(separatedBy: "Opened trip").last?.contains("Stop 1: Kauppatori") == true, "the second save's trip: \(out)")
    }
}
