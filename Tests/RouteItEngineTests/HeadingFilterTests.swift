import XCTest
@testable import RouteItEngine

/// OSRM's `bearings` as the snapping reads them: a segment is taken when the mode may travel it
/// in a direction within the range (either way on a two-way road, only along a one-way one).
final class HeadingFilterTests: XCTestCase {
    func testASegmentIsTakenInADirectionTheModeMayTravel() {
        let east = HeadingFilter(value: 90, range: 20)
        XCTAssertTrue(east.accepts(dx: 10, dy: 1, forward: true, backward: false), "going east")
        XCTAssertFalse(east.accepts(dx: -10, dy: 0, forward: true, backward: false), "a one-way street going west")
        XCTAssertTrue(east.accepts(dx: -10, dy: 0, forward: true, backward: true), "a two-way street, travelled against its drawing")
        XCTAssertFalse(east.accepts(dx: 0, dy: 10, forward: true, backward: true), "north-south")
        XCTAssertFalse(east.accepts(dx: 0, dy: 0, forward: true, backward: true), "no direction at all")
        let north = HeadingFilter(value: 355, range: 10)
        XCTAssertTrue(north.accepts(dx: 0.5, dy: 10, forward: true, backward: false), "3° is 8° from 355°, across 0°")
        XCTAssertTrue(north.accepts(dx: -1, dy: 10, forward: true, backward: false), "354°")
        XCTAssertFalse(north.accepts(dx: 5, dy: 10, forward: true, backward: false), "27° is out of range")
    }
}
