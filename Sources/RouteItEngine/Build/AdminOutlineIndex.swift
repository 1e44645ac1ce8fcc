import Foundation
import RouteItCore

/// The whole outlines of an import, the towns' by the grid cells their boxes cover, so that every
/// address, street and POI asks only the few towns around it which one it is in (a country's
/// outline would fill a country's cells, and the import asks no country).
struct AdminOutlineIndex {
    private(set) var outlines: [AdminOutline]
    private var cells: [PointGrid<Int>.Cell: [Int]] = [:]
    private let grid = PointGrid<Int>(cellMetres: 5_000)

    init(_ outlines: [AdminOutline]) {
        self.outlines = outlines
        for (i, outline) in outlines.enumerated() where outline.level == .town {
            let points = outline.rings.joined()
            guard let south = points.map(\.latitude).min(), let north = points.map(\.latitude).max(),
                  let west = points.map(\.longitude).min(), let east = points.map(\.longitude).max() else { continue }
            let low = grid.cell(of: Coordinate(latitude: south, longitude: west))
            let high = grid.cell(of: Coordinate(latitude: north, longitude: east))
            for y in low.y...high.y {
                for x in low.x...high.x { cells[.init(x: x, y: y), default: []].append(i) }
            }
        }
    }

    var isEmpty: Bool { outlines.isEmpty }

    /// The town whose whole outline holds `p` (the file's first, where outlines overlap).
    func town(at p: Coordinate) -> String? {
        (cells[grid.cell(of: p)] ?? []).lazy.map { outlines[$0] }.first { $0.contains(p) }?.name
    }

    /// Gives each town the country its tagged addresses inside it all name (`addr:country`),
    /// and none when they name several or none.
    mutating func voteTownCountries(_ tagged: [(position: Coordinate, code: String)]) {
        var codes: [Int: Set<String>] = [:]
        for (position, code) in tagged {
            for i in cells[grid.cell(of: position)] ?? [] where outlines[i].contains(position) {
                codes[i, default: []].insert(code)
            }
        }
        for (i, found) in codes where found.count == 1 { outlines[i].countryCode = found.first }
    }
}
