import XCTest
@testable import RouteItScreens
import RouteItCore

final class MapCanvasTests: XCTestCase {
    func testEachDotHasItsBrailleBit() {
        // (x, y) inside one cell → Unicode Braille dot number 1…8.
        let expected: [(Int, Int, UInt32)] = [(0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (0, 3, 0x40),
                                              (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (1, 3, 0x80)]
        for (x, y, bit) in expected {
            var canvas = MapCanvas(columns: 1, rows: 1)
            canvas.setDot(x: x, y: y, ink: .road)
            XCTAssertEqual(canvas.lines(color: false), [String(Character(Unicode.Scalar(0x2800 + bit)!))], "dot \(x),\(y)")
        }
        var full = MapCanvas(columns: 2, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.setDot(x: x, y: y, ink: .road) } }
        XCTAssertEqual(full.lines(color: false), ["⣿ "], "all eight dots, and an empty cell is a space")
    }

    func testBresenhamLinesAreContinuousAndHitTheirEnds() {
        let cases: [((Double, Double), (Double, Double))] = [((0, 0), (19, 0)), ((0, 0), (0, 11)), ((0, 0), (19, 11)),
                                                             ((19, 0), (0, 11)), ((3, 9), (15, 2)), ((5, 5), (5, 5))]
        for (a, b) in cases {
            var canvas = MapCanvas(columns: 10, rows: 3)
            canvas.drawLine(from: (a.0, a.1), to: (b.0, b.1), ink: .leg(0))
            let set = (0..<canvas.dotWidth).flatMap { x in (0..<canvas.dotHeight).compactMap { y in canvas.isSet(x: x, y: y) ? [x, y] : nil } }
            XCTAssertTrue(canvas.isSet(x: Int(a.0), y: Int(a.1)) && canvas.isSet(x: Int(b.0), y: Int(b.1)), "\(a)→\(b) ends")
            let dx = abs(Int(b.0) - Int(a.0)), dy = abs(Int(b.1) - Int(a.1))
            XCTAssertEqual(set.count, max(dx, dy) + 1, "\(a)→\(b): one dot per step of the longer axis")
            // 8-connected: every dot but the ends has a neighbour on each side along the line.
            for p in set where !(p == [Int(a.0), Int(a.1)] || p == [Int(b.0), Int(b.1)]) {
                let neighbours = set.filter { $0 != p && abs($0[0] - p[0]) <= 1 && abs($0[1] - p[1]) <= 1 }
                XCTAssertGreaterThanOrEqual(neighbours.count, 2, "\(a)→\(b) gap at \(p)")
            }
        }
    }

    func testLinesAreClippedToTheGrid() {
        var canvas = MapCanvas(columns: 5, rows: 2) // 10×8 dots
        canvas.drawLine(from: (-1_000_000, 4), to: (1_000_000, 4), ink: .road)
        XCTAssertEqual((0..<10).filter { canvas.isSet(x: $0, y: 4) }.count, 10, "the visible part is drawn fully")
        var outside = MapCanvas(columns: 5, rows: 2)
        outside.drawLine(from: (-50, -3), to: (60, -1), ink: .road)
        outside.drawLine(from: (.infinity, 1), to: (2, 2), ink: .road)
        XCTAssertEqual(outside.lines(color: false), ["     ", "     "])
    }

    func testLegsWinOverRoadsAndLastLegWins() {
        var canvas = MapCanvas(columns: 3, rows: 1)
        canvas.setDot(x: 0, y: 0, ink: .leg(0))
        canvas.setDot(x: 1, y: 1, ink: .road) // same cell, drawn later
        XCTAssertEqual(canvas.ink(column: 0, row: 0), .leg(0))
        canvas.setDot(x: 2, y: 0, ink: .road)
        canvas.setDot(x: 3, y: 0, ink: .leg(1))
        XCTAssertEqual(canvas.ink(column: 1, row: 0), .leg(1), "a leg recolours a road cell")
        canvas.setDot(x: 2, y: 3, ink: .leg(2))
        XCTAssertEqual(canvas.ink(column: 1, row: 0), .leg(2), "among legs the last writer wins")
        XCTAssertTrue(canvas.isSet(x: 1, y: 1), "the road's dots stay even under a leg's colour")
    }

    func testColourCodesOnlyWhenEnabled() {
        var canvas = MapCanvas(columns: 6, rows: 1)
        canvas.setDot(x: 0, y: 0, ink: .road)
        for leg in 0..<4 { canvas.setDot(x: 2 + 2 * leg, y: 0, ink: .leg(leg)) }
        let plain = canvas.lines(color: false)[0]
        XCTAssertFalse(plain.contains("\u{1B}"))
        XCTAssertEqual(plain, "⠁⠁⠁⠁⠁ ")
        let coloured = canvas.lines(color: true)[0]
        XCTAssertEqual(coloured, "\u{1B}[0;90m⠁\u{1B}[0;34m⠁\u{1B}[0;32m⠁\u{1B}[0;31m⠁\u{1B}[0;35m⠁\u{1B}[0m ",
                       "grey road, then blue, green, red, and magenta: leg 4 does not repeat leg 1's colour")
        let codes = (0..<11).map { MapCanvasInk.leg($0).ansiCode }
        XCTAssertEqual(Set(codes).count, 11, "the 11 legs of a full trip all have their own colour")
        XCTAssertEqual(Set((0..<11).map { MapCanvasInk.leg($0).colourName }).count, 11)
    }

    func testTextOverlayStaysOnTheGrid() {
        var canvas = MapCanvas(columns: 4, rows: 1)
        canvas.setDot(x: 7, y: 0, ink: .leg(0))
        canvas.write("10", column: 3, row: 0, ink: .pin)
        XCTAssertEqual(canvas.lines(color: false), ["  10"])
        canvas.write("7", column: 0, row: 5, ink: .pin) // off the grid: ignored
        XCTAssertEqual(canvas.lines(color: false), ["  10"])
    }
}

/// Class 1 of issue #10: whatever numbers reach the map (a server's 1e300, NaN, infinity), it
/// draws what it can and never traps.
final class MapTotalityTests: XCTestCase {
    func testAbsurdCoordinatesDrawWithoutTrapping() {
        let good = Coordinate(latitude: 60.17, longitude: 24.94)
        for value in [1e300, -1e300, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, .nan] {
            let bad = Coordinate(latitude: value, longitude: value)
            let stops = [MapItem(placemark: Placemark(coordinate: good)), MapItem(placemark: Placemark(coordinate: bad))]
            let leg = Route(distance: 1, expectedTravelTime: 1, transportType: .car,
                            polyline: [good, bad, Coordinate(latitude: -value, longitude: value), good], steps: [])
            let text = TripMapScreen.render(stops: stops, legs: [leg], roads: [[bad, good]], width: 60, height: 20,
                                            unit: .kilometres, color: false)
            XCTAssertTrue(text.hasSuffix(TripMapScreen.attribution), "\(value)")
        }
    }

    func testLinesFarOffTheGridAreClippedToIt() {
        var canvas = MapCanvas(columns: 10, rows: 5)
        canvas.drawLine(from: (x: -1e12, y: 3), to: (x: 1e12, y: 3), ink: .road)
        canvas.drawLine(from: (x: 5, y: -1e12), to: (x: 5, y: 1e12), ink: .road)
        XCTAssertTrue(canvas.isSet(x: 0, y: 3) && canvas.isSet(x: 19, y: 3), "the horizontal line crosses the grid")
        XCTAssertTrue(canvas.isSet(x: 5, y: 0) && canvas.isSet(x: 5, y: 19), "the vertical line crosses the grid")
        // Ends so far apart that their difference overflows: drawn or not, nothing traps.
        var other = MapCanvas(columns: 10, rows: 5)
        other.drawLine(from: (x: -Double.greatestFiniteMagnitude, y: -1e308), to: (x: 1e308, y: Double.greatestFiniteMagnitude), ink: .road)
        other.drawLine(from: (x: -1e308, y: 3), to: (x: 1e308, y: 3), ink: .road)
    }

    func testScaleBarOfAnyScale() {
        for metres in [1e-300, 1e300, Double.leastNonzeroMagnitude] {
            _ = MapCanvasScaleBar(metresPerCell: metres, maxCells: 20, metric: true)
        }
    }
}
