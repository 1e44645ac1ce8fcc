import RouteItCore

/// The trip drawn on a Braille-dot map: dotted grey roads, each leg a dense line in a colour of
/// its own with its number (`L1`, `L2`, ...) along it, numbered pins at the stops, a legend
/// (each leg's colour and mark, distance and time), then a footer with north-up, a scale bar and
/// the OSM attribution. Without colour (NO_COLOR, a pipe) the same picture is drawn, so legs stay
/// told apart by their density and numbers. Pure: the shell supplies the size (the terminal's,
/// or 80×24 when not a TTY), the roads (from `MapBackdropProviding`, for
/// `projection(...).visibleBox`) and whether to use colour.
public enum TripMapScreen {
    public static let attribution = MapAttribution.text
    public static let northUp = "N ↑"
    /// Smallest size worth drawing; below it one line says so.
    public static let minimumColumns = 30
    public static let minimumRows = 6
    /// Map rows left after the legend and the footer, below which the map is not drawn.
    static let minimumMapRows = 3
    /// Cells of leg between two of its number labels.
    static let labelSpacing = 30.0

    /// The one line shown instead of a map that does not fit.
    public static func tooSmall(width: Int, height: Int) -> String {
        "The terminal is too small for the map (\(width)×\(height)); it needs at least \(minimumColumns) columns and \(minimumRows) rows."
    }

    /// Without colour, a line sample of its own per leg (as many as there are leg colours), so
    /// the legend's marks still differ.
    static let plainSamples = ["━━", "══", "┅┅", "──", "┉┉", "╍╍", "┄┄", "┈┈", "╌╌", "┃┃", "║║", "┇┇"]

    /// The legend: per leg, its line sample (in its colour when `color`, else a sample of its
    /// own), mark, distance and time; entries wrapped to `width`.
    static func legend(legs: [Route], width: Int, unit: DistanceUnit, color: Bool) -> [String] {
        var lines: [String] = [], line = "", visible = 0
        for (index, leg) in legs.enumerated() {
            let ink = MapCanvasInk.leg(index)
            let sample = color ? "\u{1B}[0;\(ink.ansiCode)m━━\u{1B}[0m" : plainSamples[index % plainSamples.count]
            let text = " L\(index + 1) \(unit.format(metres: leg.distance)), \(TravelTimeFormatter.string(from: leg.expectedTravelTime))"
            let length = 2 + text.count
            if visible > 0 && visible + 2 + length > width {
                lines.append(line)
                line = ""
                visible = 0
            }
            if visible > 0 { line += "  "; visible += 2 }
            line += sample + text
            visible += length
        }
        if visible > 0 { lines.append(line) }
        return lines
    }

    /// The legend drawn in `height` rows: leg by leg when that leaves the map at least half of
    /// the rows; else (a long trip: 200 stops make 201 legs, some 60 legend rows at 80 columns)
    /// one line for all of them, their count, distance and time, so the map is still drawn.
    static func fittedLegend(legs: [Route], width: Int, height: Int, unit: DistanceUnit, color: Bool) -> [String] {
        let full = legend(legs: legs, width: width, unit: unit, color: color)
        guard full.count > (height - footerRows(width: width)) / 2 else { return full }
        let metres = legs.reduce(0) { $0 + $1.distance }, seconds = legs.reduce(0) { $0 + $1.expectedTravelTime }
        let text = "L1–L\(legs.count): \(legs.count) legs, \(unit.format(metres: metres)), \(TravelTimeFormatter.string(from: seconds)) in all"
        return [String(text.prefix(width))]
    }

    /// Rows the footer takes at `width`: one when everything fits on a line, else two.
    static func footerRows(width: Int) -> Int {
        // "N ↑  " + a bar of up to a quarter of the width + label + "  " + attribution
        width >= 5 + width / 4 + 9 + 2 + attribution.count ? 1 : 2
    }

    /// The projection a map of `width`×`height` characters uses for this trip, nil when there is
    /// nothing to draw or no room. Ask the backdrop for its `visibleBox`.
    public static func projection(stops: [MapItem], legs: [Route], width: Int, height: Int,
                                  unit: DistanceUnit = .miles) -> MapProjection? {
        guard let rows = mapRows(legs: legs, width: width, height: height, unit: unit),
              let box = TripGeometry.boundingBox(stops: stops, legs: legs) else { return nil }
        // Margin: room for a pin's digits on the edge plus a little context around the trip.
        let margin = Double(max(4, min(width * 2, rows * 4) / 12))
        return MapProjection(fitting: box, width: Double(width * 2), height: Double(rows * 4), margin: margin)
    }

    /// Rows left for the map itself, nil when that is too few.
    static func mapRows(legs: [Route], width: Int, height: Int, unit: DistanceUnit) -> Int? {
        guard width >= minimumColumns, height >= minimumRows else { return nil }
        let rows = height - footerRows(width: width) - fittedLegend(legs: legs, width: width, height: height, unit: unit, color: false).count
        return rows >= minimumMapRows ? rows : nil
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

    /// The routed trip's stops (every place once, in trip order: each leg's start, and the last
    /// leg's end when the trip does not come back to its start) and leg routes.
    public static func trip(_ directions: DirectionsViewModel) -> (stops: [MapItem], legs: [Route]) {
        var stops = directions.legs.map(\.source)
        if !directions.isRoundTrip, let end = directions.legs.last?.destination { stops.append(end) }
        return (stops, directions.legs.map(\.route))
    }

    /// Exactly `height` lines; just the attribution when there is no trip, one line saying so
    /// when the map does not fit. The scale bar follows `unit`: m/km for kilometres, ft/mi for miles.
    public static func render(stops: [MapItem], legs: [Route], roads: [[Coordinate]],
                              width: Int, height: Int, unit: DistanceUnit, color: Bool) -> String {
        let metric = unit == .kilometres
        guard TripGeometry.boundingBox(stops: stops, legs: legs) != nil else { return attribution }
        guard let rows = mapRows(legs: legs, width: width, height: height, unit: unit),
              let projection = projection(stops: stops, legs: legs, width: width, height: height, unit: unit) else {
            return tooSmall(width: width, height: height)
        }
        let footer = footerRows(width: width)
        var canvas = MapCanvas(columns: width, rows: rows)
        func draw(_ points: [(x: Double, y: Double)], _ ink: MapCanvasInk, every: Int = 1) {
            if points.count == 1 { canvas.drawLine(from: points[0], to: points[0], ink: ink) }
            for (a, b) in zip(points, points.dropFirst()) { canvas.drawLine(from: a, to: b, ink: ink, every: every) }
        }
        // Roads dotted, legs dense (two dots deep), so a leg stands out without colour too.
        for road in roads { draw(road.map(projection.point), .road, every: 3) }
        let legPoints = legs.map { $0.drawingPath.map(projection.point) }
        for (index, points) in legPoints.enumerated() {
            draw(points, .leg(index))
            draw(points.map { ($0.x, $0.y + 1) }, .leg(index))
        }
        for (index, stop) in stops.enumerated() {
            let p = projection.point(stop.coordinate)
            canvas.write(String(index + 1), column: Int(saturating: p.x / 2, rounding: .down), row: Int(saturating: p.y / 4, rounding: .down), ink: .pin)
        }
        for (index, points) in legPoints.enumerated() { label(leg: index, along: points, on: &canvas) }

        var lines = canvas.lines(color: color)
        lines += fittedLegend(legs: legs, width: width, height: height, unit: unit, color: color)
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

    /// Writes `L<n>` on the leg: half way along it, and every `labelSpacing` cells on long legs,
    /// never over or against a pin or another label (a cell apart, so `L1L2` never reads as one;
    /// moved a few cells along its row when it would be).
    static func label(leg index: Int, along points: [(x: Double, y: Double)], on canvas: inout MapCanvas) {
        guard points.count >= 2 else { return }
        // Length in cells (a cell is 2 dots wide, 4 high).
        var lengths: [Double] = [0]
        for (a, b) in zip(points, points.dropFirst()) {
            lengths.append(lengths.last! + (((b.x - a.x) / 2) * ((b.x - a.x) / 2) + ((b.y - a.y) / 4) * ((b.y - a.y) / 4)).squareRoot())
        }
        let total = lengths.last!
        // Points far off the canvas (a server's absurd coordinates) make no label, and no trap.
        guard total.isFinite, total >= 3 else { return }
        let count = max(1, Int(min(total / labelSpacing, 1_000)))
        let text = "L\(index + 1)"
        for k in 0..<count {
            let at = total * (Double(k) + 0.5) / Double(count)
            guard let i = lengths.indices.dropFirst().first(where: { lengths[$0] >= at }) else { continue }
            let a = points[i - 1], b = points[i]
            let t = lengths[i] > lengths[i - 1] ? (at - lengths[i - 1]) / (lengths[i] - lengths[i - 1]) : 0
            let x = ((a.x + (b.x - a.x) * t) / 2).rounded(.down), y = ((a.y + (b.y - a.y) * t) / 4).rounded(.down)
            guard y >= 0, y < Double(canvas.rows), x >= 0, x < Double(canvas.columns) else { continue }
            let column = Int(x), row = Int(y)
            let wanted = max(0, min(column, canvas.columns - text.count))
            let free = [0, 1, -1, 2, -2, 3, -3].map { wanted + $0 }.first { start in
                start >= 0 && start + text.count <= canvas.columns
                    && !((start - 1)...(start + text.count)).contains { canvas.hasText(column: $0, row: row) }
            }
            guard let start = free else { continue }
            canvas.write(text, column: start, row: row, ink: .leg(index))
        }
    }
}
