import Foundation
import RouteItCore

/// Reverse geocoding: the address or street at a position.
extension OfflineGeocoder {
    /// `reverse`, knowing the map's area: a position off the map (outside it, with no address or
    /// street within its margin) is `The position … is outside the Helsinki map (…)`, never a
    /// street kilometres away.
    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await reverseGeocode(coordinate, detail: .address)
    }

    /// Synchronous reverse geocoding: the nearest address within 50 m, else the nearest named street.
    public func reverse(_ coordinate: Coordinate) throws -> Placemark? {
        try reverse(coordinate, detail: .address).answer
    }

    /// The nearest address within `addressRadius` (the caller holds `lock`).
    func nearestAddress(_ coordinate: Coordinate) throws -> Placemark? {
        var nearest: (place: Int64, point: Coordinate, distance: Double)?
        let pointsNear = try self.pointsNear.statement()
        try boxQuery(pointsNear, around: coordinate, metres: Self.addressRadius)
        while try pointsNear.step() {
            let point = Coordinate(latitude: Double(pointsNear.int(1)) / PackedPolyline.scale,
                                   longitude: Double(pointsNear.int(2)) / PackedPolyline.scale)
            let distance = coordinate.distance(to: point)
            if distance <= Self.addressRadius, nearest == nil || distance < nearest!.distance {
                nearest = (pointsNear.int(0), point, distance)
            }
        }
        if let nearest, let record = try rows(placeByID, [.int(nearest.place)]).first {
            var placemark = try self.placemark(record)
            placemark.coordinate = nearest.point
            try placeInCountry(&placemark)
            return placemark
        }
        return nil
    }

    /// The nearest named street within 5 km, at its point nearest `coordinate` (the caller holds
    /// `lock`).
    func nearestStreet(_ coordinate: Coordinate) throws -> Placemark? {
        let linesNear = try self.linesNear.statement()
        for radius in [100.0, 400, 1500, 5000] {
            var best: (place: Int64, point: Coordinate, distance: Double)?
            try boxQuery(linesNear, around: coordinate, metres: radius)
            while try linesNear.step() {
                let line = PackedPolyline.decode(linesNear.blob(1))
                for (a, b) in zip(line, line.dropFirst()) {
                    let (point, distance) = Geometry.closestPoint(to: coordinate, onSegment: a, b)
                    if distance <= radius, best == nil || distance < best!.distance { best = (linesNear.int(0), point, distance) }
                }
            }
            if let best, let record = try rows(placeByID, [.int(best.place)]).first {
                var placemark = try self.placemark(record)
                placemark.coordinate = best.point
                try placeInCountry(&placemark, town: true)
                return placemark
            }
        }
        return nil
    }
}
