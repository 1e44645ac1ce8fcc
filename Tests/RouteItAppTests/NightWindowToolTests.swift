import Foundation
import XCTest
import RouteItTestSupport

/// A stop list's window wholly after midnight, through the real executable: `routeit route
/// --optimize` and the shell plan it for the night when the trip is out then (back by 02:00
/// for an evening out), and leave it out naming the departure when it cannot be (back by
/// 17:00 for a trip leaving at 10:00).
final class NightWindowToolTests: XCTestCase {
    private static let directory: URL = {
        do { return try TestFiles.processDirectory("night-window-tool-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func run(_ arguments: [String]) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, environment: [
            "TZ": "Europe/Helsinki", "ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": "",
            "XDG_CACHE_HOME": Self.directory.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": Self.directory.appendingPathComponent("data").path,
        ], timeout: 120)
    }

    func testAListsWindowAfterMidnightIsPlannedForTheNight() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let list = Self.directory.appendingPathComponent("night.csv")
        // Three hours at the first line; the second only between 00:30 and 01:00 (hours unknown: planned as if open).
        try "address,window,stay\nLönnrotinkatu 7,,3h\nKalevankatu 20,00:30-01:00,15m\n".write(to: list, atomically: true, encoding: .utf8)
        let trip = ["route", "Annankatu 25", "--stops", list.path, "--optimize", "--map", map]
        let night = try run(trip + ["--depart", "2026-12-03 20:00", "--back-by", "02:00"])
        XCTAssertEqual(night.status, 0, night.stderr)
        XCTAssertTrue(night.stdout.contains("! Kalevankatu 20 (Stop 2)'s window 00:30-01:00 (+1 day) is after midnight: the trip leaves at 20:00 and is still out then.\n"), night.stdout)
        XCTAssertFalse(night.stdout.contains("left out"), night.stdout)
        XCTAssertFalse(night.stdout.contains(" is visited at "), night.stdout)
        XCTAssertTrue(night.stdout.contains(" until 00:30 (+1 day), stay 15m\n"), "waits for the night's window: \(night.stdout)")

        let day = try run(trip + ["--depart", "2026-12-03 10:00", "--back-by", "17:00"])
        XCTAssertEqual(day.status, 0, day.stderr)
        XCTAssertTrue(day.stdout.hasPrefix("! Kalevankatu 20 (Stop 2) is left out: its window 00:30-01:00 is over before the trip leaves at 10:00.\n"), day.stdout)

        // The shell: the list's window and the `window` command alike, shown on the entry as the night's.
        let flow = try RouteItProcess.flowFile("""
            type 1 Annankatu 25
            enter 1
            pick 1
            stops \(list.path)
            depart 2026-12-03 20:00
            back by 02:00
            window 3 00:30-01:00,01:30-01:45
            show
            expect (stay 15m, 00:30-01:00 (+1 day), 01:30-01:45 (+1 day))
            optimize
            expect-not left out
            expect-not is visited at
            """)
        let shell = try run(["--map", map, "run", flow.path])
        XCTAssertEqual(shell.status, 0, shell.stdout + shell.stderr)
    }
}
