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
    var cellStart: [UInt32]     // rows * cols + 1
    var cellEdges: [Int32]

    static let cellMetres = 200.0
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    static func build(_ net: RoadNetwork) -> EdgeGrid {
        var minLat = 90.0, maxLat = -90.0, minLon = 180.0, maxLon = -180.0
        for p in net.geometry {
            minLat = min(minLat, p.latitude); maxLat = max(maxLat, p.latitude)
            minLon = min(minLon, p.longitude); maxLon = max(maxLon, p.longitude)
        }
        if net.geometry.isEmpty { minLat = 0; maxLat = 0; minLon = 0; maxLon = 0 }
        let cellLat = cellMetres / metresPerDegree
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
                let (r0, c0) = grid.cell(lat: min(prev.latitude, p.latitude), lon: min(prev.longitude, p.longitude))
                let (r1, c1) = grid.cell(lat: max(prev.latitude, p.latitude), lon: max(prev.longitude, p.longitude))
                for r in r0...r1 {
                    for c in c0...c1 { pairs.append(UInt64(r * cols + c) << 32 | UInt64(e)) }
                }
                prev = p
            }
        }
        pairs.sort()
        grid.cellStart = [UInt32](repeating: 0, count: rows * cols + 1)
        var last: UInt64 = .max
        for pair in pairs where pair != last {
            last = pair
            grid.cellStart[Int(pair >> 32) + 1] += 1
            grid.cellEdges.append(Int32(truncatingIfNeeded: pair & 0xffff_ffff))
        }
        for i in 0..<(rows * cols) { grid.cellStart[i + 1] += grid.cellStart[i] }
        return grid
    }

    func cell(lat: Double, lon: Double) -> (Int, Int) {
        let r = Int(((lat - minLat) / cellLat).rounded(.down))
        let c = Int(((lon - minLon) / cellLon).rounded(.down))
        return (min(max(r, 0), rows - 1), min(max(c, 0), cols - 1))
    }

    func edges(inCell r: Int, _ c: Int) -> ArraySlice<Int32> {
        let i = r * cols + c
        return cellEdges[Int(cellStart[i])..<Int(cellStart[i + 1])]
    }

    func write(to db: SQLiteDatabase) throws {
        try BlobStore.write([minLat, minLon, cellLat, cellLon, Double(rows), Double(cols)], named: "grid.params", to: db)
        try BlobStore.write(cellStart, named: "grid.cellStart", to: db)
        try BlobStore.write(cellEdges, named: "grid.cellEdges", to: db)
    }

    static func read(from db: SQLiteDatabase) throws -> EdgeGrid {
        let p = try BlobStore.require(Double.self, named: "grid.params", from: db)
        guard p.count == 6 else { throw DirectionsErrorMessage("the map's road index is inconsistent; re-import it") }
        let g = EdgeGrid(minLat: p[0], minLon: p[1], cellLat: p[2], cellLon: p[3], rows: Int(p[4]), cols: Int(p[5]),
                         cellStart: try BlobStore.require(UInt32.self, named: "grid.cellStart", from: db),
                         cellEdges: try BlobStore.require(Int32.self, named: "grid.cellEdges", from: db))
        guard g.rows > 0, g.cols > 0, g.cellStart.count == g.rows * g.cols + 1,
              Int(g.cellStart.last!) == g.cellEdges.count else {
            throw DirectionsErrorMessage("the map's road index is inconsistent; re-import it")
        }
        return g
    }
}
