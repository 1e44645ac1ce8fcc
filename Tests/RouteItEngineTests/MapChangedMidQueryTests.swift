import XCTest
import RouteItCore
@testable import RouteItEngine

/// A map overwritten in place under a running process changes its mapped bytes between two
/// reads of the same values. A query that found an index on one read and used it on another
/// trapped (Swift's own "Fatal error: Array index is out of range", 1 in about 4,000 map-swap
/// runs of `Scripts/campaign`); it must count the damage and fail with one line instead.
final class MapChangedMidQueryTests: XCTestCase {
    /// Values the test can change while the snapper reads them, as a mapped file's bytes change.
    final class ChangingBytes {
        let buffer: UnsafeMutableBufferPointer<UInt32>
        init(_ values: [UInt32]) {
            buffer = .allocate(capacity: values.count)
            _ = buffer.initialize(from: values)
        }
        deinit { buffer.deallocate() }
        var column: Column<UInt32> { Column(mapped: UnsafePointer(buffer.baseAddress!), count: buffer.count, mapping: self) }
    }

    func testAnEdgeWhosePointsShrinkAfterTheSnapperReadThemIsDamageNotATrap() throws {
        // Street 1 bends at M (three points, one edge); street 2 runs beside it, so the snapper
        // reads both in the same grid cell. The point lies by street 1's second segment.
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("M", 50, 0); f.node("B", 100, 10)
        f.node("C", 0, 30); f.node("D", 100, 30)
        f.street(1, ["A", "M", "B"], "Mutka")
        f.street(2, ["C", "D"], "Suora")
        var net = try FixtureNetwork(f).net
        let bent = try XCTUnwrap((0..<net.edgeCount).first { net.edgeWay[$0] == 1 })
        XCTAssertEqual(net.points(of: bent).count, 3)
        let bytes = ChangingBytes(Array(net.geometryStart))
        net.geometryStart = bytes.column
        let grid = EdgeGrid.build(net)
        var bentRead = false, changed = false
        // Once the bent edge has been read, the next edge's turn shortens it to two points.
        let accept: (Int) -> Bool = { e in
            if e == bent { bentRead = true } else if bentRead && !changed {
                bytes.buffer[bent + 1] = bytes.buffer[bent] + 2
                changed = true
            }
            return true
        }
        let before = MapDamage.seen
        let found = Snapper.snap(RoadFixture.coordinate(75, 3), mode: .car, net: net, grid: grid,
                                 edgeStamp: ScratchArray<UInt32>(count: net.edgeCount), stamp: 1, accept: accept)
        XCTAssertTrue(changed, "the fixture must change the points between the two reads")
        XCTAssertNil(found)
        XCTAssertGreaterThan(MapDamage.seen, before, "counted, so the query says the map is damaged")
        // Read once, the changed edge clips without a trap too.
        XCTAssertEqual(net.clip(bent, from: 0.2, to: 0.9).count, 2)
    }
}
