import RouteItCore

/// The trip drawn on a Braille-dot map: grey roads, legs in blue, green, red (cycling), numbered
/// pins at the stops, then a footer with north-up, a scale bar and the OSM attribution.
/// Pure: the shell supplies the size (the terminal's, or 80×24 when not a TTY), the roads
/// (from `MapBackdropProviding`, for `projection(...).visibleBox`) and whether to use colour.
public enum TripMapScreen {
    public static let attribution = "© OpenStreetMap contributors"
    public static let northUp = "N ↑"
    /// Smallest size worth drawing; below it only the attribution is shown.
    public static let minimumColumns = 30
    public static let minimumRows = 6

    /// Rows the footer takes at `width`: one when everything fits on a line, else two.
    static func footerRows(width: Int) -> Int {
        // "N ↑  " + a bar of up to a quarter of the width + label + "  " + attribution
        width >= 5 + width / 4 + 9 + 2 + attribution.count ? 1 : 2
    }

    /// The projection a map of `width`×`height` characters uses for this trip, nil when there is
    /// nothing to draw or no room. Ask the backdrop for its `visibleBox`.
    public static func projection(stops: [MapItem], legs: [Route], width: Int, height: Int) -> MapProjection? {
        guard width >= minimumColumns, height >= minimumRows,
              let box = TripGeometry.boundingBox(stops: stops, legs: legs) else { return nil }
        let rows = height - footerRows(width: width)
        // Margin: room for a pin's digits on the edge plus a little context around the trip.
        let margin = Double(max(4, min(width * 2, rows * 4) / 12))
        return MapProjection(fitting: box, width: Double(width * 2), height: Double(rows * 4), margin: margin)
    }

    /// Terminal rows needed before the directions screen shows the map above its steps: the map
    /// takes half and the steps keep the rest.
    public static let minimumRowsAboveDirections = 40

    /// The map size to draw above the directions in a `columns`×`rows` terminal, nil when the
    /// terminal is too short (the `map` command still draws it on demand).
    public static func sizeAboveDirections(columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
        guard rows >= minimumRowsAboveDirections, columns >= minimumColumns else { return nil }
        return (columns, rows / 2)
    }

    /// The routed trip's stops (each leg's start, in trip order) and leg routes.
    public static func trip(_ directions: DirectionsViewModel) -> (stops: [MapItem], legs: [Route]) {
        (directions.legs.map(\.source), directions.legs.map(\.route))
    }

    /// Exactly `height` lines (or just the attribution when there is no room or no trip).
    /// The scale bar follows `unit`: m/km for kilometres, ft/mi for miles.
    public static func render(stops: [MapItem], legs: [Route], roads: [[Coordinate]],
                              width: Int, height: Int, unit: DistanceUnit, color: Bool) -> String {
        let metric = unit == .kilometres
        guard let projection = projection(stops: stops, legs: legs, width: width, height: height) else {
            return attribution
        }
        let footer = footerRows(width: width)
        var canvas = MapCanvas(columns: width, rows: height - footer)
        func draw(_ path: [Coordinate], _ ink: MapCanvasInk) {
            let points = path.map(projection.point)
            if points.count == 1 { canvas.drawLine(from: points[0], to: points[0], ink: ink) }
            for (a, b) in zip(points, points.dropFirst()) { canvas.drawLine(from: a, to: b, ink: ink) }
        }
        for road in roads { draw(road, .road) }
        for (index, leg) in legs.enumerated() { draw(leg.drawingPath, .leg(index)) }
        for (index, stop) in stops.enumerated() {
            let p = projection.point(stop.coordinate)
            canvas.write(String(index + 1), column: Int(saturating: p.x / 2, rounding: .down), row: Int(saturating: p.y / 4, rounding: .down), ink: .pin)
        }

        var lines = canvas.lines(color: color)
        let bar = MapCanvasScaleBar(metresPerCell: projection.metresPerPixel * 2, maxCells: max(width / 4, 2), metric: metric)
        let left = ([northUp] + (bar.map { [$0.text] } ?? [])).joined(separator: "  ")
        if footer == 1 {
            let gap = max(2, width - left.count - attribution.count)
            lines.append(left + String(repeating: " ", count: gap) + attribution)
        } else {
            lines.append(left)
            lines.append(attribution)
        }
        return lines.joined(separator: "\n")
    }
}
