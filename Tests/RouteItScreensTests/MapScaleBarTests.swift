import XCTest
@testable import RouteItScreens

final class MapScaleBarTests: XCTestCase {
    func testPicksTheLongestRoundLengthThatFits() throws {
        let metric = try XCTUnwrap(MapCanvasScaleBar(metresPerCell: 37, maxCells: 20, metric: true))
        XCTAssertEqual(metric.label, "500 m")
        XCTAssertEqual(metric.cells, 14)
        XCTAssertEqual(metric.text, "├────────────┤ 500 m")
        let km = try XCTUnwrap(MapCanvasScaleBar(metresPerCell: 400, maxCells: 20, metric: true))
        XCTAssertEqual(km.label, "5 km")
        let imperial = try XCTUnwrap(MapCanvasScaleBar(metresPerCell: 37, maxCells: 20, metric: false))
        XCTAssertEqual(imperial.label, "2000 ft")
        let miles = try XCTUnwrap(MapCanvasScaleBar(metresPerCell: 200, maxCells: 20, metric: false))
        XCTAssertEqual(miles.label, "2 mi")
        let halfMile = try XCTUnwrap(MapCanvasScaleBar(metresPerCell: 100, maxCells: 10, metric: false))
        XCTAssertEqual(halfMile.label, "0.5 mi")
    }

    func testTheBarIsTrueToScaleWithinHalfACell() {
        for metresPerCell in stride(from: 0.7, through: 9000, by: 13.1) {
            for metric in [true, false] {
                guard let bar = MapCanvasScaleBar(metresPerCell: metresPerCell, maxCells: 20, metric: metric) else {
                    XCTFail("no bar at \(metresPerCell) m/cell"); continue
                }
                XCTAssertLessThanOrEqual(abs(Double(bar.cells) * metresPerCell - bar.metres), metresPerCell / 2 + 1e-9)
                XCTAssertLessThanOrEqual(bar.cells, 20)
                XCTAssertGreaterThanOrEqual(bar.cells, 2)
                XCTAssertGreaterThanOrEqual(bar.cells, 7, "a 1-2-5 series keeps the bar at least ~40% of its room")
            }
        }
    }

    func testNoBarWhenNothingFits() {
        XCTAssertNil(MapCanvasScaleBar(metresPerCell: 0, maxCells: 20, metric: true))
        XCTAssertNil(MapCanvasScaleBar(metresPerCell: .nan, maxCells: 20, metric: true))
        XCTAssertNil(MapCanvasScaleBar(metresPerCell: 10, maxCells: 1, metric: true))
    }
}
