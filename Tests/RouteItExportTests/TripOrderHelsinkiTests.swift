import XCTest
import RouteItCore
import RouteItEngine

/// `optimize` on real streets: the embedded router's times for a seven-place round trip in central
/// Helsinki, entered in a zig-zag order.
final class TripOrderHelsinkiTests: XCTestCase {
    /// Street points around the centre (checked reachable both ways by car on this extract),
    /// listed in a zig-zag west-east order.
    static let places = [
        HelsinkiMap.place("Mannerheimintie", 60.1699, 24.9384),
        HelsinkiMap.place("Hietalahti", 60.1620, 24.9290),
        HelsinkiMap.place("Kruununhaka", 60.1705, 24.9505),
        HelsinkiMap.place("Bulevardi", 60.1660, 24.9380),
        HelsinkiMap.place("Aleksanterinkatu", 60.1690, 24.9490),
        HelsinkiMap.place("Punavuori", 60.1640, 24.9410),
        HelsinkiMap.place("Esplanadi", 60.1675, 24.9470),
    ]

    func testOptimizeFindsTheQuickestOrderOnRealStreets() async throws {
        let directions = try HelsinkiMap.directions()
        let entry = EntryViewModel(stopCount: Self.places.count - 1)
        for (index, place) in Self.places.enumerated() { try entry.select(place, forSlotAt: index) }

        let matrix = try await TripOrderPlanner.durationMatrix(for: Self.places, transportType: .car, using: directions)
        for i in 0..<matrix.size { for j in 0..<matrix.size where i != j {
            XCTAssertTrue(matrix[i, j].isFinite && matrix[i, j] > 0, "\(Self.places[i].name!) → \(Self.places[j].name!): \(matrix[i, j])")
        } }
        let asymmetric = (0..<matrix.size).contains { i in (0..<matrix.size).contains { j in abs(matrix[i, j] - matrix[j, i]) > 1 } }
        XCTAssertTrue(asymmetric, "one-way streets make real times asymmetric")

        let improvement = try await TripOrderPlanner.optimize(entry, transportType: .car, using: directions)
        // Exact: no order of the six stops is quicker on this matrix.
        var best = Double.infinity
        func permute(_ rest: [Int], _ prefix: [Int]) {
            if rest.isEmpty { best = min(best, matrix.roundTripDuration(visiting: prefix)); return }
            for (k, next) in rest.enumerated() { var r = rest; r.remove(at: k); permute(r, prefix + [next]) }
        }
        permute(Array(1..<Self.places.count), [])
        XCTAssertEqual(improvement.order.duration, best, accuracy: 1e-6)
        XCTAssertEqual(improvement.before, matrix.roundTripDuration(visiting: Array(1..<Self.places.count)), accuracy: 1e-6)
        XCTAssertGreaterThan(improvement.saved, 60, "the zig-zag order wastes minutes")
        XCTAssertEqual(improvement.summary, "Saved \(TravelTimeFormatter.string(from: improvement.saved))")

        // The entry now holds the new order, and routing it (alternatives on, as `route` does)
        // with each stop a place to turn round, as the table times it, takes the optimized time,
        // within what alternatives and snapping can change. A car leaving each stop the way it
        // arrived (the default) takes no less.
        XCTAssertEqual(entry.start.mapItem?.name, "Mannerheimintie")
        XCTAssertEqual(entry.stops.compactMap { $0.mapItem?.name }, improvement.order.stops.map { Self.places[$0].name! })
        let routed = try await DirectionsViewModel.calculate(trip: try entry.plannedTrip(), departure: nil, transportType: .car,
                                                             using: directions, continueStraight: false)
        XCTAssertLessThanOrEqual(routed.totalTravelTime, improvement.order.duration + 1)
        XCTAssertGreaterThan(routed.totalTravelTime, improvement.order.duration * 0.9)
        let straightOn = try await DirectionsViewModel.calculate(trip: try entry.trip(), transportType: .car, using: directions)
        XCTAssertGreaterThanOrEqual(straightOn.totalTravelTime, routed.totalTravelTime - 1)
        print("Helsinki optimize: before \(TravelTimeFormatter.string(from: improvement.before)), after \(TravelTimeFormatter.string(from: improvement.order.duration)), \(improvement.summary)")
    }
}
