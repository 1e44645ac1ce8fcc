import Foundation
import RouteItCore
import XCTest
@testable import routeit

/// The trip's clock is the map's (`LocalCalendar.forMap`, which reads the system's zone table):
/// worked out once per opened map, not at every lookup, route and order; `use` of another map
/// works it out again, for that map.
final class MapCalendarOnceTests: XCTestCase {
    func testTheMapsClockIsWorkedOutOncePerMap() async throws {
        let helsinki = try HelsinkiFlowTests.importedMap()
        let monaco = try HelsinkiFlowTests.installedMaps([:]).appendingPathComponent("routeit/maps/monaco.routeit").path
        let asked = Counter()
        let session = Session.make(options: ShellOptions(mapPath: helsinki), style: .plain) { area in
            asked.add()
            return LocalCalendar.forMap(area)
        }
        for line in ["type 1 60.1710,24.9414", "type 2 Kalevankatu 20", "enter 2", "pick 1", "route", "back",
                     "type 3 Annankatu 25", "enter 3", "pick 1", "depart 2026-12-03 10:00", "optimize", "route"] {
            let output = await session.execute(line)
            XCTAssertFalse(output.failed, "\(line): \(output.text)")
        }
        XCTAssertEqual(asked.count, 1, "once for the Helsinki map")
        XCTAssertEqual(session.flow.calendar.timeZone.identifier, "Europe/Helsinki")

        let used = await session.execute("use \(monaco)")
        XCTAssertFalse(used.failed, used.text)
        for line in ["type 1 43.7384,7.4246", "enter 1", "show"] {
            let output = await session.execute(line)
            XCTAssertFalse(output.failed, "\(line): \(output.text)")
        }
        XCTAssertEqual(asked.count, 2, "once more, for the Monaco map")
        XCTAssertEqual(session.flow.calendar.timeZone.identifier, "Europe/Monaco")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
