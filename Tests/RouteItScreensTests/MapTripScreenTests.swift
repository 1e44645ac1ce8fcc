import XCTest
@testable import RouteItScreens
import RouteItCore

/// A small Helsinki-like trip: three stops, legs as straight polylines, a street grid backdrop.
enum MapTripFixture {
    static let stops: [MapItem] = [
        item("Mannerheimintie 1", 60.1699, 24.9384),
        item("Kauppatori", 60.1675, 24.9525),
        item("Kamppi", 60.1686, 24.9316),
    ]

    static func item(_ name: String, _ lat: Double, _ lon: Double) -> MapItem {
        MapItem(placemark: Placemark(name: name, city: "Helsinki", coordinate: Coordinate(latitude: lat, longitude: lon)))
    }

    /// Round trip: 1→2, 2→3, 3→1, each bent through a midpoint so it is a real polyline.
    static var legs: [Route] {
        let ends = zip(stops, stops.dropFirst() + [stops[0]])
        return ends.map { a, b in
            let mid = Coordinate(latitude: (a.coordinate.latitude + b.coordinate.latitude) / 2 + 0.001,
                                 longitude: (a.coordinate.longitude + b.coordinate.longitude) / 2)
            return Route(distance: a.coordinate.distance(to: b.coordinate), expectedTravelTime: 300, transportType: .car,
                         polyline: [a.coordinate, mid, b.coordinate], steps: [])
        }
    }

    static var roads: [[Coordinate]] {
        (0..<12).map { i in
            let lat = 60.160 + Double(i) * 0.002
            return [Coordinate(latitude: lat, longitude: 24.90), Coordinate(latitude: lat, longitude: 24.98)]
        }
    }
}

final class MapTripScreenTests: XCTestCase {
    private func render(width: Int = 80, height: Int = 24, color: Bool = false, unit: DistanceUnit = .kilometres, roads: [[Coordinate]] = MapTripFixture.roads) -> String {
        TripMapScreen.render(stops: MapTripFixture.stops, legs: MapTripFixture.legs, roads: roads,
                             width: width, height: height, unit: unit, color: color)
    }

    /// The map's own rows (no legend, no footer), leg labels (`L1`) blanked so digits are pins.
    private func mapArea(_ text: String, legendRows: Int = 1) -> [String] {
        text.components(separatedBy: "\n").dropLast(1 + legendRows)
            .map { $0.replacingOccurrences(of: "L[0-9]+", with: "  ", options: .regularExpression) }
    }

    private func position(of text: Character, in lines: [String]) -> (column: Int, row: Int)? {
        for (row, line) in lines.enumerated() {
            if let i = Array(line).firstIndex(of: text) { return (i, row) }
        }
        return nil
    }

    func testFillsTheGivenSizeWithPinsNorthScaleAndAttribution() throws {
        let lines = render().components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 24)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, lines.map { "\($0.count)" }.joined(separator: ","))
        let footer = try XCTUnwrap(lines.last)
        XCTAssertTrue(footer.hasPrefix("N ↑  ├"), footer)
        XCTAssertTrue(footer.hasSuffix("© OpenStreetMap contributors"), footer)
        XCTAssertNotNil(footer.range(of: #"┤ \d+ m"#, options: .regularExpression), footer)
        let map = mapArea(render())
        for pin: Character in ["1", "2", "3"] { XCTAssertNotNil(position(of: pin, in: map), "pin \(pin)") }
        XCTAssertNil(position(of: "4", in: map), "no pin for the return to the start")
        XCTAssertTrue(map.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "dots drawn")
    }

    func testPinsSitWhereTheStopsAre() throws {
        let lines = mapArea(render())
        let one = try XCTUnwrap(position(of: "1", in: lines)), two = try XCTUnwrap(position(of: "2", in: lines))
        let three = try XCTUnwrap(position(of: "3", in: lines))
        // Kauppatori (2) is east of Mannerheimintie 1 (1), which is east of Kamppi (3); 2 is the southernmost.
        XCTAssertLessThan(three.column, one.column)
        XCTAssertLessThan(one.column, two.column)
        XCTAssertGreaterThan(two.row, one.row)
        // East-west span 1.2 km vs north-south 0.27 km: the trip fills the width, not the height.
        XCTAssertGreaterThan(two.column - three.column, 50)
    }

    func testProjectionKeepsShapeWithCosLatitude() throws {
        // 1 km east and 1 km north of a point at 60°N must be the same number of dots away.
        let origin = Coordinate(latitude: 60, longitude: 25)
        let north = Coordinate(latitude: 60 + 1000 / Geodesy.metresPerDegree, longitude: 25)
        let east = Coordinate(latitude: 60, longitude: 25 + 1000 / (Geodesy.metresPerDegree * cos(60 * Double.pi / 180)))
        let box = try XCTUnwrap(BoundingBox(covering: [origin, north, east]))
        let p = MapProjection(fitting: box, width: 160, height: 88, margin: 8)
        let o = p.point(origin), n = p.point(north), e = p.point(east)
        XCTAssertEqual(e.x - o.x, o.y - n.y, accuracy: 0.01)
        XCTAssertEqual(p.metresPerPixel * (e.x - o.x), 1000, accuracy: 1)
        XCTAssertEqual(o.y - n.y, 88 - 16, accuracy: 0.01, "the taller side fills the height inside the margins")
        let back = p.coordinate(x: e.x, y: e.y)
        XCTAssertEqual(back.latitude, east.latitude, accuracy: 1e-12)
        XCTAssertEqual(back.longitude, east.longitude, accuracy: 1e-12)
        XCTAssertTrue(p.visibleBox.contains(origin) && p.visibleBox.contains(north) && p.visibleBox.contains(east))
    }

    func testLegColoursCycleWhenColourIsOnAndLinesStillDrawWithout() {
        let coloured = render(color: true, roads: [])
        for code in ["\u{1B}[0;34m", "\u{1B}[0;32m", "\u{1B}[0;31m"] { XCTAssertTrue(coloured.contains(code), "leg colour \(code)") }
        XCTAssertFalse(coloured.contains("\u{1B}[0;90m"), "no roads given, no grey")
        XCTAssertTrue(render(color: true).contains("\u{1B}[0;90m"), "roads are grey")
        let plain = render(color: false, roads: [])
        XCTAssertFalse(plain.contains("\u{1B}"))
        let strip = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        // Colour only adds codes to the map; the legend's samples differ by design (a mark per leg).
        func withoutLegend(_ text: String) -> [String] { var lines = text.components(separatedBy: "\n"); lines.remove(at: lines.count - 2); return lines }
        XCTAssertEqual(withoutLegend(strip), withoutLegend(plain), "colour never changes what is drawn")
    }

    func testRoadsOnlyAddDots() {
        let without = render(roads: []), with = render()
        XCTAssertNotEqual(without, with)
        let a = Array(without.unicodeScalars), b = Array(with.unicodeScalars)
        XCTAssertEqual(a.count, b.count)
        for (x, y) in zip(a, b) where (0x2800...0x28FF).contains(x.value) {
            XCTAssertEqual(x.value & y.value, x.value, "a road must not erase a leg's dots")
        }
    }

    func testImperialScaleAndNarrowTerminals() throws {
        let imperial = render(unit: .miles).components(separatedBy: "\n")
        XCTAssertNotNil(imperial.last?.range(of: #"┤ [\d.]+ (ft|mi)"#, options: .regularExpression), imperial.last ?? "")
        let narrow = render(width: 40, height: 12).components(separatedBy: "\n")
        XCTAssertEqual(narrow.count, 12)
        XCTAssertEqual(narrow.last, "© OpenStreetMap contributors", "attribution gets its own line when narrow")
        XCTAssertTrue(narrow[10].hasPrefix("N ↑"))
        XCTAssertTrue(narrow.allSatisfy { $0.count <= 40 })
        XCTAssertEqual(render(width: 10, height: 3), "The terminal is too small for the map (10×3); it needs at least 30 columns and 6 rows.",
                       "too small: one line that says so")
        XCTAssertEqual(render(width: 30, height: 5).components(separatedBy: "\n").count, 1)
    }

    func testLegsStayApartWithoutColourAndTheLegendNamesThem() throws {
        let plain = render(color: false)
        let lines = plain.components(separatedBy: "\n")
        // Every leg is labelled on the map itself, and the legend gives each its mark and figures.
        let map = lines.dropLast(2).joined(separator: "\n")
        for label in ["L1", "L2", "L3"] { XCTAssertTrue(map.contains(label), "\(label) along its leg:\n\(plain)") }
        let legend = lines[lines.count - 2]
        XCTAssertTrue(legend.hasPrefix("━━ L1 "), legend)
        let legs = MapTripFixture.legs
        for (i, leg) in legs.enumerated() {
            XCTAssertTrue(legend.contains("L\(i + 1) \(DistanceUnit.kilometres.format(metres: leg.distance)), \(TravelTimeFormatter.string(from: 300))"), legend)
        }
        // A leg is denser than a road: dots per cell along a leg's cells outnumber a road's.
        func dots(_ text: String) -> [Int] {
            text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.map { ($0.value - 0x2800).nonzeroBitCount }
        }
        let legsOnly = dots(render(roads: [])), roadsOnly = dots(TripMapScreen.render(
            stops: MapTripFixture.stops, legs: MapTripFixture.legs.map { Route(distance: $0.distance, expectedTravelTime: 300, transportType: .car, polyline: [], steps: []) },
            roads: MapTripFixture.roads, width: 80, height: 24, unit: .kilometres, color: false))
        let legDensity = Double(legsOnly.reduce(0, +)) / Double(legsOnly.count), roadDensity = Double(roadsOnly.reduce(0, +)) / Double(max(roadsOnly.count, 1))
        XCTAssertGreaterThan(legDensity, roadDensity * 1.5, "legs \(legDensity) dots a cell, roads \(roadDensity)")
        // In colour the legend's samples carry each leg's colour.
        let coloured = render(color: true).components(separatedBy: "\n")
        XCTAssertTrue(coloured[coloured.count - 2].hasPrefix("\u{1B}[0;34m━━\u{1B}[0m L1"), coloured[coloured.count - 2])
    }

    func testWithoutColourEachLegsLegendMarkDiffers() {
        let legs = (0..<12).map { _ in Route(distance: 1000, expectedTravelTime: 300, transportType: .car, polyline: [], steps: []) }
        let legend = TripMapScreen.legend(legs: legs, width: 1000, unit: .kilometres, color: false).joined()
        let marks = (1...12).map { n -> String in
            let entry = legend.components(separatedBy: " L\(n) ")[0]
            return String(entry.suffix(2))
        }
        XCTAssertEqual(Set(marks).count, 12, "\(marks)")
    }

    func testLegLabelsNeverTouchAnotherLabel() {
        var canvas = MapCanvas(columns: 40, rows: 5)
        // Two legs along one row whose middles are two cells apart: "L1L2" would read as one.
        TripMapScreen.label(leg: 0, along: [(0, 8), (20, 8)], on: &canvas)
        TripMapScreen.label(leg: 1, along: [(10, 8), (18, 8)], on: &canvas)
        let row = canvas.lines(color: false)[2]
        XCTAssertTrue(row.contains("L1") && row.contains("L2"), row)
        XCTAssertFalse(row.contains("L1L2") || row.contains("L2L1"), row)
    }

    func testTripFromDirectionsUsesEachLegsStartAsTheStops() {
        let legs = MapTripFixture.legs
        let stops = MapTripFixture.stops
        let directions = DirectionsViewModel(legs: legs.indices.map {
            DirectionsLeg(source: stops[$0], destination: stops[($0 + 1) % stops.count], route: legs[$0])
        }, transportType: .car)
        let trip = TripMapScreen.trip(directions)
        XCTAssertEqual(trip.stops, stops)
        XCTAssertEqual(trip.legs, legs)
    }

    func testATripThatEndsAtAStopKeepsThatStop() {
        let stops = MapTripFixture.stops
        let legs = Array(MapTripFixture.legs.prefix(stops.count - 1))
        let directions = DirectionsViewModel(legs: legs.indices.map {
            DirectionsLeg(source: stops[$0], destination: stops[$0 + 1], route: legs[$0])
        }, transportType: .car)
        let trip = TripMapScreen.trip(directions)
        XCTAssertEqual(trip.stops, stops, "the last leg's end is a stop too")
        XCTAssertEqual(trip.legs, legs)
    }

    func testMapGoesAboveTheDirectionsOnlyOnTallTerminals() {
        XCTAssertNil(TripMapScreen.sizeAboveDirections(columns: 80, rows: 24), "80×24 keeps the plain steps")
        XCTAssertNil(TripMapScreen.sizeAboveDirections(columns: 80, rows: 39))
        XCTAssertNil(TripMapScreen.sizeAboveDirections(columns: 20, rows: 60), "too narrow to draw")
        XCTAssertEqual(TripMapScreen.sizeAboveDirections(columns: 120, rows: 50).map { [$0.columns, $0.rows] }, [120, 25])
    }

    func testAOneStopTripStillDraws() {
        let text = TripMapScreen.render(stops: [MapTripFixture.stops[0]], legs: [], roads: [], width: 80, height: 24, unit: .kilometres, color: false)
        XCTAssertEqual(text.components(separatedBy: "\n").count, 24)
        XCTAssertTrue(text.contains("1"))
        XCTAssertEqual(TripMapScreen.render(stops: [], legs: [], roads: [], width: 80, height: 24, unit: .kilometres, color: false),
                       "© OpenStreetMap contributors")
    }
}

/// A day of 200 stops (the most a trip holds) still gets its map on an 80×24 terminal: its 201
/// legs' legend, some 60 rows leg by leg, is one line for all of them.
final class TwoHundredStopMapTests: XCTestCase {
    func testA200StopTripIsDrawnWithALegendOfOneLine() throws {
        var rng = SeededRandom(seed: 26)
        let stops = (0...200).map { i in
            MapTripFixture.item("Stop \(i)", .random(in: 60.15...60.20, using: &rng), .random(in: 24.88...24.98, using: &rng))
        }
        let legs = zip(stops, stops.dropFirst() + [stops[0]]).map { a, b in
            Route(distance: 1000, expectedTravelTime: 60, transportType: .car, polyline: [a.coordinate, b.coordinate], steps: [])
        }
        let directions = DirectionsViewModel(legs: legs.indices.map {
            DirectionsLeg(source: stops[$0], destination: stops[($0 + 1) % stops.count], route: legs[$0])
        }, transportType: .car)
        let trip = TripMapScreen.trip(directions)
        XCTAssertEqual(trip.stops.count, 201)
        let text = TripMapScreen.render(stops: trip.stops, legs: trip.legs, roads: MapTripFixture.roads,
                                        width: 80, height: 24, unit: .kilometres, color: false)
        let lines = text.components(separatedBy: "\n")
        guard lines.count == 24 else { return XCTFail("not a map of 24 lines: \(text)") }
        XCTAssertEqual(lines[lines.count - 2], "L1–L201: 201 legs, 201.00 km, 3h 21m in all")
        let map = lines.dropLast(2).joined()
        XCTAssertTrue(map.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "legs drawn")
        XCTAssertTrue(map.contains("1"), "pins drawn")
        // A short trip keeps its legend leg by leg.
        let short = TripMapScreen.render(stops: Array(stops.prefix(3)), legs: Array(legs.prefix(3)), roads: [],
                                         width: 80, height: 24, unit: .kilometres, color: false)
        XCTAssertTrue(short.contains("━━ L1 1.00 km, 1m"), short)
    }
}
