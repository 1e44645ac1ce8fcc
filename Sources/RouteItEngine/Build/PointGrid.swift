import Foundation
import RouteItCore

/// Items at points, bucketed in square cells of `cellDegrees`: "what lies within r metres" and
/// "which is nearest" cost the items nearby, not all items (the import's spatial joins stay
/// O(n) however many ways or addresses share a name).
struct PointGrid<Item> {
    struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    let cellDegrees: Double
    private(set) var cells: [Cell: [(point: Coordinate, item: Item)]] = [:]

    /// Cells about `metres` tall (narrower towards the poles: they are square in degrees).
    init(cellMetres metres: Double) {
        cellDegrees = metres / Geodesy.roundMetresPerDegree
    }

    func cell(of p: Coordinate) -> Cell {
        Cell(x: Int((p.longitude / cellDegrees).rounded(.down)), y: Int((p.latitude / cellDegrees).rounded(.down)))
    }

    mutating func insert(_ item: Item, at p: Coordinate) {
        cells[cell(of: p), default: []].append((p, item))
    }

    /// Every item in the cells that a circle of `metres` around `p` touches (some a little
    /// farther: callers measure), cell by cell.
    func forEachCell(near p: Coordinate, metres: Double, _ body: (Cell, [(point: Coordinate, item: Item)]) -> Void) {
        forEachCellIndex(near: p, metres: metres) { c in
            if let items = cells[c] { body(c, items) }
        }
    }

    /// Every cell, empty or not, that a box of `metres` around `p` touches.
    func forEachCellIndex(near p: Coordinate, metres: Double, _ body: (Cell) -> Void) {
        let d = Geometry.degrees(metres: metres, at: p)
        let low = cell(of: Coordinate(latitude: p.latitude - d.lat, longitude: p.longitude - d.lon))
        let high = cell(of: Coordinate(latitude: p.latitude + d.lat, longitude: p.longitude + d.lon))
        for y in low.y...high.y {
            for x in low.x...high.x { body(Cell(x: x, y: y)) }
        }
    }

    /// The nearest item within `metres` that `accept`s, searching growing circles so that a
    /// dense neighbourhood is not scanned to the far edge of `metres`.
    func nearest(to p: Coordinate, within metres: Double, where accept: (Item) -> Bool = { _ in true }) -> (item: Item, distance: Double)? {
        var radius = min(metres, cellDegrees * Geodesy.roundMetresPerDegree)
        while true {
            var best: (item: Item, distance: Double)?
            forEachCell(near: p, metres: radius) { _, items in
                // `accept` first: it is a comparison, a distance some 200 instructions. Then a floor:
                // a great circle is at least as long as its latitude difference (111,195 m a
                // degree; 111,000 leaves room for rounding), so what it rules out the haversine
                // would have too.
                for entry in items where accept(entry.item) {
                    let floor = abs(entry.point.latitude - p.latitude) * Geodesy.metresPerDegreeAtMost
                    if floor > radius || (best != nil && floor > best!.distance) { continue }
                    let distance = p.distance(to: entry.point)
                    if distance <= radius, best == nil || distance < best!.distance {
                        best = (entry.item, distance)
                    }
                }
            }
            if best != nil || radius >= metres { return best }
            radius = min(metres, radius * 3)
        }
    }
}
