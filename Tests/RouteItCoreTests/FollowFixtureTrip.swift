import Foundation
import RouteItCore

/// A small made-up trip for the follower tests, in metres east and north of a point in Helsinki:
/// the start (0,0) → east 600 m → left, north 400 m to stop 1 (600,400) → north 400 m → left,
/// west 600 m to stop 2 (0,800). And a drive along it: one fix a second, with seeded noise.
enum FollowFixtureTrip {
    static let origin = Coordinate(latitude: 60.17, longitude: 24.94)
    static let departure = Date(timeIntervalSince1970: 1_796_464_800)  // 2026-12-05 10:00:00 UTC

    static func point(_ east: Double, _ north: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + north / Geodesy.metresPerDegree,
                   longitude: origin.longitude + east / (Geodesy.metresPerDegree * cos(origin.latitude * .pi / 180)))
    }

    static let legOne = [point(0, 0), point(600, 0), point(600, 400)]
    static let legTwo = [point(600, 400), point(600, 800), point(0, 800)]

    static func route(_ line: [Coordinate], _ streets: (String, String)) -> Route {
        let first = line[0].distance(to: line[1]), second = line[1].distance(to: line[2])
        return Route(distance: first + second, expectedTravelTime: (first + second) / 10, transportType: .car, polyline: line, steps: [
            RouteStep(instruction: "Head on \(streets.0)", distance: first, expectedTravelTime: first / 10, polyline: [line[0], line[1]]),
            RouteStep(instruction: "Turn left onto \(streets.1)", distance: second, expectedTravelTime: second / 10, polyline: [line[1], line[2]]),
            RouteStep(instruction: "Arrive at your destination", distance: 0, expectedTravelTime: 0, polyline: [line[2]]),
        ])
    }

    static func item(_ c: Coordinate, _ name: String) -> MapItem { MapItem(placemark: Placemark(name: name, coordinate: c)) }

    static func trip(stay: TimeInterval = 0) -> DirectionsViewModel {
        let start = item(legOne[0], "Start"), one = item(legOne[2], "Kauppa"), two = item(legTwo[2], "Koulu")
        return DirectionsViewModel(legs: [
            DirectionsLeg(source: start, destination: one, route: route(legOne, ("Itäkatu", "Pohjoiskatu"))),
            DirectionsLeg(source: one, destination: two, route: route(legTwo, ("Pohjoiskatu", "Länsikatu"))),
        ], transportType: .car, places: [
            TripPlace(item: start, label: "the start"), TripPlace(item: one, stay: stay, label: "Stop 1"), TripPlace(item: two, label: "Stop 2"),
        ])
    }

    /// Fixes along `line` at `speed` m/s from `start` seconds, `sigma` metres of noise (heading
    /// and speed as a receiver reports them), ending with `stopped` fixes standing at the end.
    static func drive(_ line: [Coordinate], speed: Double = 10, sigma: Double = 0, accuracy: Double = 5, seed: UInt64 = 1,
                      from start: Double = 0, stopped: Int = 2) -> [GuidanceFix] {
        var random = SeededRandom(seed: seed)
        let routeLine = RouteLine(line)
        var fixes: [GuidanceFix] = []
        var along = 0.0, second = start
        func gaussian() -> Double {
            let u = max(1e-12, Double.random(in: 0..<1, using: &random)), v = Double.random(in: 0..<1, using: &random)
            return sqrt(-2 * log(u)) * cos(2 * .pi * v)
        }
        func add(_ at: Double, speed: Double) {
            let c = routeLine.coordinate(at: at)!
            let ahead = routeLine.coordinate(at: min(routeLine.length, at + 1))!
            let behind = routeLine.coordinate(at: max(0, at - 1))!
            let noisy = Coordinate(latitude: c.latitude + sigma * gaussian() / Geodesy.metresPerDegree,
                                   longitude: c.longitude + sigma * gaussian() / (Geodesy.metresPerDegree * cos(c.latitude * .pi / 180)))
            let heading = (Geodesy.bearing(behind, ahead) + 3 * gaussian() + 360).truncatingRemainder(dividingBy: 360)
            fixes.append(GuidanceFix(coordinate: noisy, time: departure.addingTimeInterval(second), heading: heading,
                                     speed: speed, accuracy: accuracy))
            second += 1
        }
        while along < routeLine.length {
            add(along, speed: speed)
            along += speed
        }
        for _ in 0..<stopped { add(routeLine.length, speed: 0) }
        return fixes
    }
}
