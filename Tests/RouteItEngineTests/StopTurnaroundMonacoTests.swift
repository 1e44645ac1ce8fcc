import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine

/// Trips through stops on Monaco's real extract: a car leaves a stop the way it arrived (OSRM's
/// car default, `continue_straight`), choosing per stop the side of the road that makes the
/// whole trip quickest; on foot a stop is a place to turn round. Both trips below are ones
/// osrm-routed (car.lua) answers so: the first turns round at its stop when allowed to.
final class StopTurnaroundMonacoTests: XCTestCase {
    private func directions() throws -> OfflineDirections { try RealMaps.directions("monaco.osm.pbf") }

    private func trip(_ points: [Coordinate], _ mode: TransportType, continueStraight: Bool? = nil) async throws -> DirectionsViewModel {
        let places = points.enumerated().map { TripPlace(item: MapItem(placemark: Placemark(coordinate: $1)), label: "Stop \($0)") }
        return try await DirectionsViewModel.calculate(trip: PlannedTrip(places: places), departure: nil, transportType: mode,
                                                       using: try directions(), continueStraight: continueStraight)
    }

    /// Whether the trip turns round at its first stop (leaves it more than 150° off the way it arrived).
    private func turnsRoundAtTheStop(_ trip: DirectionsViewModel) throws -> Bool {
        let arrival = try XCTUnwrap(StopTurnaround.arrivalHeading(trip.legs[0].route))
        let departure = try XCTUnwrap(StopTurnaround.departureHeading(trip.legs[1].route))
        return StopTurnaround.turnsRound(arrival: arrival, departure: departure)
    }

    private let agerbol = [Coordinate(latitude: 43.754164, longitude: 7.433276), Coordinate(latitude: 43.754994, longitude: 7.432646),
                           Coordinate(latitude: 43.747979, longitude: 7.424342)]

    func testACarLeavesAStopTheWayItArrivedUnlessAskedNotTo() async throws {
        let straight = try await trip(agerbol, .car)
        XCTAssertFalse(try turnsRoundAtTheStop(straight), "the car turned round at the stop")
        let free = try await trip(agerbol, .car, continueStraight: false)
        XCTAssertTrue(try turnsRoundAtTheStop(free), "allowed to, the quickest way turns round at the stop")
        XCTAssertGreaterThan(straight.totalTravelTime, free.totalTravelTime + 60)
        // Turning round at the stop is said: the car faces east there.
        XCTAssertEqual(free.legs[1].route.steps.first?.instruction, "Turn around and head west on Avenue Agerbol")
        XCTAssertEqual(straight.legs[1].route.steps.first?.instruction.hasPrefix("Head "), true)
    }

    func testOnFootAStopIsAPlaceToTurnRound() async throws {
        let walked = try await trip(agerbol, .walk)
        let free = try await trip(agerbol, .walk, continueStraight: false)
        XCTAssertEqual(walked.totalTravelTime, free.totalTravelTime, accuracy: 0.01)
        XCTAssertEqual(walked.legs[1].route.steps.first?.instruction, "Turn around and head west on Avenue Agerbol")
        let straight = try await trip(agerbol, .walk, continueStraight: true)
        XCTAssertGreaterThanOrEqual(straight.totalTravelTime, walked.totalTravelTime)
    }

    /// Reaching the stop the quicker way and then leaving it so takes a long loop; reaching it
    /// from the other side costs a little on the first leg and saves minutes on the second.
    func testTheStopIsReachedTheWayThatMakesTheWholeTripQuickest() async throws {
        let points = [Coordinate(latitude: 43.752752, longitude: 7.415937), Coordinate(latitude: 43.745099, longitude: 7.423270),
                      Coordinate(latitude: 43.749363, longitude: 7.439800)]
        let d = try directions()
        let firstAlone = try XCTUnwrap(d.routes(from: points[0], to: points[1], mode: .car).first)
        let arrival = try XCTUnwrap(StopTurnaround.arrivalHeading(firstAlone))
        let onwards = try XCTUnwrap(d.routes(from: points[1], to: points[2], mode: .car,
                                             startBearing: StartBearing(value: arrival, range: 60)).first)
        let straight = try await trip(points, .car)
        XCTAssertFalse(try turnsRoundAtTheStop(straight))
        XCTAssertGreaterThan(straight.legs[0].route.expectedTravelTime, firstAlone.expectedTravelTime, "reached the dearer way")
        XCTAssertLessThan(straight.totalTravelTime, firstAlone.expectedTravelTime + onwards.expectedTravelTime - 60)
    }
}
