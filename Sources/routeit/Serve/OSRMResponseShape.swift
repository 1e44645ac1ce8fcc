import Foundation
import RouteItCore

/// Turns a route object as `OSRMRouteJSON` writes it (full GeoJSON, steps) into the one an
/// OSRM request asked for: `overview` (simplified, full, false), `geometries` (polyline,
/// polyline6, geojson) for the route and its steps, `steps=false` (empty step lists, as OSRM),
/// and `annotations` per leg (one value per segment of the leg's geometry, from its steps).
enum OSRMResponseShape {
    static func route(_ route: [String: Any], _ query: OSRMQuery) -> [String: Any] {
        var route = route
        let full = points(route["geometry"])
        switch query.overview {
        case .full: route["geometry"] = geometry(full, query.geometries)
        case .simplified: route["geometry"] = geometry(simplified(full), query.geometries)
        case .false: route.removeValue(forKey: "geometry")
        }
        route["legs"] = (route["legs"] as? [[String: Any]] ?? []).map { leg -> [String: Any] in
            var leg = leg
            let steps = leg["steps"] as? [[String: Any]] ?? []
            if !query.annotations.isEmpty { leg["annotation"] = annotation(steps, query.annotations) }
            leg["steps"] = query.steps ? steps.map { step -> [String: Any] in
                var step = step
                step["geometry"] = geometry(points(step["geometry"]), query.geometries)
                return step
            } : []
            return leg
        }
        return route
    }

    /// The coordinates of a GeoJSON LineString object.
    static func points(_ geometry: Any?) -> [Coordinate] {
        let pairs = (geometry as? [String: Any])?["coordinates"] as? [[Double]] ?? []
        return pairs.compactMap { $0.count == 2 ? Coordinate(latitude: $0[1], longitude: $0[0]) : nil }
    }

    static func geometry(_ points: [Coordinate], _ kind: OSRMQuery.Geometries) -> Any {
        switch kind {
        case .polyline: return EncodedPolyline.encode(points, precision: 5)
        case .polyline6: return EncodedPolyline.encode(points, precision: 6)
        case .geojson: return OSRMRouteJSON.lineString(points)
        }
    }

    /// OSRM's `overview=simplified`: the line without the points that move it less than a
    /// tolerance that grows with the route's extent (Douglas-Peucker), as a map at the zoom
    /// showing the whole route would draw it.
    static func simplified(_ line: [Coordinate]) -> [Coordinate] {
        guard line.count > 2 else { return line }
        let lats = line.map(\.latitude), lons = line.map(\.longitude)
        let diagonal = Coordinate(latitude: lats.min()!, longitude: lons.min()!)
            .distance(to: Coordinate(latitude: lats.max()!, longitude: lons.max()!))
        let tolerance = min(50, max(1, diagonal / 1_000))
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var worst = a, worstDistance = 0.0
            for i in (a + 1)..<b {
                let d = offset(line[i], line[a], line[b])
                if d > worstDistance { (worst, worstDistance) = (i, d) }
            }
            if worstDistance > tolerance {
                keep[worst] = true
                stack.append((a, worst))
                stack.append((worst, b))
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// Metres from `p` to the segment a-b (flat earth around a: routes are short against the earth).
    private static func offset(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        let ky = Geodesy.metresPerDegree, kx = ky * cos(a.latitude * .pi / 180)
        let bx = (b.longitude - a.longitude) * kx, by = (b.latitude - a.latitude) * ky
        let px = (p.longitude - a.longitude) * kx, py = (p.latitude - a.latitude) * ky
        let length2 = bx * bx + by * by
        let t = length2 > 0 ? min(1, max(0, (px * bx + py * by) / length2)) : 0
        let dx = px - t * bx, dy = py - t * by
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Per segment of the leg's geometry (its steps' lines joined): distance in metres, and the
    /// step's duration shared by length (the router keeps times per step, not per segment).
    static func annotation(_ steps: [[String: Any]], _ asked: Set<String>) -> [String: Any] {
        var distances: [Double] = [], durations: [Double] = []
        for step in steps {
            let line = points(step["geometry"])
            let stepDuration = step["duration"] as? Double ?? 0
            var segments: [Double] = []
            for i in line.indices.dropFirst() where line[i] != line[i - 1] { segments.append(line[i - 1].distance(to: line[i])) }
            let length = segments.reduce(0, +)
            for d in segments {
                distances.append(OSRMRouteJSON.round1(d))
                durations.append(OSRMRouteJSON.round1(length > 0 ? stepDuration * d / length : 0))
            }
        }
        var annotation: [String: Any] = [:]
        if asked.contains("distance") { annotation["distance"] = distances }
        if asked.contains("duration") { annotation["duration"] = durations }
        if asked.contains("weight") { annotation["weight"] = durations }
        if asked.contains("speed") {
            annotation["speed"] = zip(distances, durations).map { $1 > 0 ? OSRMRouteJSON.round1($0 / $1) : 0 }
        }
        if asked.contains("datasources") { annotation["datasources"] = distances.map { _ in 0 } }
        if asked.contains("nodes") {
            // The map keeps no OSM node ids; say so where a client looks for them.
            annotation["routeit"] = ["nodes": "OSM node ids are not kept in a RouteIt map"]
        }
        return annotation
    }
}
