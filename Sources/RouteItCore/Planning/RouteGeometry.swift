/// The line to draw for a route: its overview polyline, or its steps' geometry joined when a
/// backend only fills in the steps.
extension Route {
    public var drawingPath: [Coordinate] {
        if !polyline.isEmpty { return polyline }
        var path: [Coordinate] = []
        for point in steps.flatMap(\.polyline) where path.last != point { path.append(point) }
        return path
    }
}

/// What a drawn trip covers: every stop and every point of every leg.
public enum TripGeometry {
    public static func boundingBox(stops: [MapItem], legs: [Route]) -> BoundingBox? {
        BoundingBox(covering: stops.map(\.coordinate) + legs.flatMap(\.drawingPath))
    }
}
