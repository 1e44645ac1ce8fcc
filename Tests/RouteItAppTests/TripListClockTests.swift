import RouteItTestSupport
import XCTest

/// `trips` lists a saved trip's save time on the map's clock every time: not the computer's
/// zone before the first lookup and the map's after it, nor another zone under another `TZ`.
final class TripListClockTests: XCTestCase {
    func testASavedTripIsListedAtTheSameTimeWhateverCameBeforeAndWhateverTheZone() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let home = try TestFiles.temporaryDirectory(for: self)
        func run(_ input: String, zone: String) throws -> [String] {
            let result = try RouteItProcess.run(["--map", map], input: input + "\nquit\n",
                                                environment: ["XDG_DATA_HOME": home.path, "TZ": zone])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  errands  (") }
        }
        let first = try run("type 1 60.170000,24.940000\ntype 2 60.171000,24.945000\nsave errands\ntrips\ntype 1 Annankatu 25\nenter 1\ntrips",
                            zone: "UTC")
        XCTAssertEqual(first.count, 2, "\(first)")
        XCTAssertEqual(first.first, first.last, "the same before and after a lookup")
        XCTAssertTrue(first.first?.hasPrefix("  errands  (2 places, saved ") == true, "a start and a stop: \(first)")
        XCTAssertEqual(try run("trips", zone: "America/New_York"), [first[0]], "the map's clock, not TZ's")
    }
}
