import RouteItCore

/// The roads drawn behind a trip on the map screen and in exports: centre lines of the classes
/// worth drawing that cross a box, found through the snapping grid.
struct BackdropRoads {
    let net: RoadNetwork
    let grid: EdgeGrid

    func roads(in box: BoundingBox) -> [[Coordinate]] {
        let (r0, c0) = grid.cell(lat: box.minLatitude, lon: box.minLongitude)
        let (r1, c1) = grid.cell(lat: box.maxLatitude, lon: box.maxLongitude)
        var seen = Set<Int32>()
        var out: [[Coordinate]] = []
        for r in r0...r1 {
            for c in c0...c1 {
                for e in grid.edges(inCell: r, c) where seen.insert(e).inserted {
                    let edge = Int(e)
                    guard RoadClass(rawValue: net.edgeClass[edge])?.isDrawnInBackdrop == true else { continue }
                    let line = net.points(of: edge).map(\.coordinate)
                    guard let bounds = BoundingBox(covering: line),
                          bounds.maxLatitude >= box.minLatitude, bounds.minLatitude <= box.maxLatitude,
                          bounds.maxLongitude >= box.minLongitude, bounds.minLongitude <= box.maxLongitude else { continue }
                    out.append(line)
                }
            }
        }
        return out
    }
}
