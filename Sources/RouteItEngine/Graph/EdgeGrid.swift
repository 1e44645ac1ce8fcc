import Foundation
import RouteItCore

/// A uniform grid over the map listing, per cell, the edges whose segments touch it: the
/// spatial index for snapping and for drawing roads in a box.
struct EdgeGrid {
    var minLat: Double
    var minLon: Double
    var cellLat: Double
    var cellLon: Double
    var rows: Int
    var cols: Int
    var cellStart: Column<UInt32>     // rows * cols + 1
    var cellEdges: Column<Int32>

    static let cellMetres = 200.0
    /// Segments spanning at most this many cells list their whole box (at most 9 × 9 cells).
    static let shortSegmentSteps = 8

    static func build(_ net: RoadNetwork) -> EdgeGrid {
        var minLat = 90.0, maxLat = -90.0, minLon = 180.0, maxLon = -180.0
        for p in net.geometry {
            minLat = min(minLat, p.latitude); maxLat = max(maxLat, p.latitude)
            minLon = min(minLon, p.longitude); maxLon = max(maxLon, p.longitude)
        }
        if net.geometry.isEmpty { minLat = 0; maxLat = 0; minLon = 0; maxLon = 0 }
        let cellLat = cellMetres / Geodesy.metresPerDegree
        let cellLon = cellLat / max(0.05, cos((minLat + maxLat) / 2 * .pi / 180))
        // Keep the grid a sane size even for a continent-wide extract.
        let rows = max(1, min(4096, Int((maxLat - minLat) / cellLat) + 1))
        let cols = max(1, min(4096, Int((maxLon - minLon) / cellLon) + 1))
        var grid = EdgeGrid(minLat: minLat, minLon: minLon,
                            cellLat: max(cellLat, (maxLat - minLat) / Double(rows) * 1.0000001),
                            cellLon: max(cellLon, (maxLon - minLon) / Double(cols) * 1.0000001),
                            rows: rows, cols: cols, cellStart: [], cellEdges: [])
        var pairs: [UInt64] = []
        pairs.reserveCapacity(net.geometry.count)
        for e in 0..<net.edgeCount {
            let pts = net.points(of: e)
            var prev = pts.first!
            for p in pts.dropFirst() {
                // A short segment lists the cells of its box. A long one is walked in steps of at
                // most one cell, listing the cells of each step's box: work follows its length,
                // not the area of its box (a segment across a country would fill the grid).
                let steps = max(1, Int(min(8192, max(abs(p.latitude - prev.latitude) / grid.cellLat,
                                                       abs(p.longitude - prev.longitude) / grid.cellLon).rounded(.up))))
                if steps <= shortSegmentSteps {
                    let (r0, c0) = grid.cell(lat: min(prev.latitude, p.latitude), lon: min(prev.longitude, p.longitude))
                    let (r1, c1) = grid.cell(lat: max(prev.latitude, p.latitude), lon: max(prev.longitude, p.longitude))
                    for r in r0...r1 {
                        for c in c0...c1 { pairs.append(UInt64(r * cols + c) << 32 | UInt64(e)) }
                    }
                    prev = p
                    continue
                }
                var a = (lat: prev.latitude, lon: prev.longitude)
                for s in 1...steps {
                    let t = Double(s) / Double(steps)
                    let b = (lat: prev.latitude + (p.latitude - prev.latitude) * t, lon: prev.longitude + (p.longitude - prev.longitude) * t)
                    let (r0, c0) = grid.cell(lat: min(a.lat, b.lat), lon: min(a.lon, b.lon))
                    let (r1, c1) = grid.cell(lat: max(a.lat, b.lat), lon: max(a.lon, b.lon))
                    for r in r0...r1 {
                        for c in c0...c1 { pairs.append(UInt64(r * cols + c) << 32 | UInt64(e)) }
                    }
                    a = b
                }
                prev = p
            }
        }
        pairs.sort()
        var cellStart = [UInt32](repeating: 0, count: rows * cols + 1)
        var cellEdges: [Int32] = []
        var last: UInt64 = .max
        for pair in pairs where pair != last {
            last = pair
            cellStart[Int(pair >> 32) + 1] += 1
            cellEdges.append(Int32(truncatingIfNeeded: pair & 0xffff_ffff))
        }
        for i in 0..<(rows * cols) { cellStart[i + 1] += cellStart[i] }
        grid.cellStart = Column(cellStart)
        grid.cellEdges = Column(cellEdges)
        return grid
    }

    /// The cell holding a point, clamped to the grid (never traps, whatever the numbers).
    func cell(lat: Double, lon: Double) -> (Int, Int) {
        (EdgeGrid.clamped((lat - minLat) / cellLat, rows - 1), EdgeGrid.clamped((lon - minLon) / cellLon, cols - 1))
    }

    private static func clamped(_ x: Double, _ upper: Int) -> Int {
        guard x.isFinite, x > 0 else { return 0 }
        return x >= Double(upper) ? upper : min(Int(x.rounded(.down)), upper)
    }

    func edges(inCell r: Int, _ c: Int) -> Column<Int32> {
        let i = r * cols + c
        let a = Int(cellStart[i]), b = Int(cellStart[i + 1])
        guard a <= b else { MapDamage.report(); return cellEdges[0..<0] }
        return cellEdges[a..<b]
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write([minLat, minLon, cellLat, cellLon, Double(rows), Double(cols)], named: "grid.params")
        try sections.write(cellStart, named: "grid.cellStart")
        try sections.write(cellEdges, named: "grid.cellEdges")
    }

    static func read(from sections: MapSections) throws -> EdgeGrid {
        let p: Column<Double> = try sections.column("grid.params")
        guard p.count == 6, p.allSatisfy(\.isFinite), p[2] >= 1e-4, p[3] >= 1e-4,
              p[4] >= 1, p[4] <= 4096, p[5] >= 1, p[5] <= 4096 else { throw MapSectionsError.damaged }
        let g = EdgeGrid(minLat: p[0], minLon: p[1], cellLat: p[2], cellLon: p[3], rows: Int(p[4]), cols: Int(p[5]),
                         cellStart: try sections.column("grid.cellStart"),
                         cellEdges: try sections.column("grid.cellEdges"))
        guard g.cellStart.count == g.rows * g.cols + 1, Int(g.cellStart.last!) == g.cellEdges.count else {
            throw MapSectionsError.damaged
        }
        return g
    }
}
