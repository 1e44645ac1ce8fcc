import Foundation
import XCTest
import RouteItCore

/// The rule for the places of a trip asked at once lives in the core: whichever front end asks
/// (`route`, `go`, `serve`), a leg from a place to itself is refused before anything is routed,
/// and a round trip written out is not.
final class TripPlacesInTurnTests: XCTestCase {
    private let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    private let departure = Date(timeIntervalSince1970: 1_796_284_800)

    private func places(_ coordinates: [(Double, Double)]) -> [TripPlace] {
        coordinates.enumerated().map { index, c in
            TripPlace(item: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: c.0, longitude: c.1))),
                      label: TripPlace.label(forPlaceAt: index))
        }
    }

    private func refusal(_ places: [TripPlace], optimize: Bool = false, end: TripEndChoice = .anywhere) async -> TripPlacesInTurn? {
        let request = TripPlanRequest(places: places, departure: departure, calendar: calendar, transportType: .car,
                                      optimize: optimize, day: DayOptions(end: end))
        do {
            _ = try await request.answer(using: StraightLineDirections())
            return nil
        } catch {
            return error as? TripPlacesInTurn
        }
    }

    func testAPlaceRightAfterItselfIsRefusedNamingBoth() async throws {
        let refused = await refusal(places([(60.17, 24.94), (60.171, 24.945), (60.1710000004, 24.945)]))
        XCTAssertEqual(refused?.later, 2)
        XCTAssertEqual(refused?.earlier, 1)
        XCTAssertEqual(refused?.description.hasPrefix("Stop 2 ("), true, refused?.description ?? "")
        XCTAssertEqual(refused?.description.hasSuffix("a leg from a place to itself goes nowhere: leave out one of them"), true)
    }

    func testInTheOrderGivenAPlaceMayComeAgainLater() async throws {
        let refused = await refusal(places([(60.17, 24.94), (60.171, 24.945), (60.172, 24.946), (60.171, 24.945)]))
        XCTAssertNil(refused)
    }

    func testOrderedEachPlaceOnceAndNoSecondWayBack() async throws {
        let twice = await refusal(places([(60.17, 24.94), (60.171, 24.945), (60.172, 24.946), (60.171, 24.945)]), optimize: true, end: .start)
        XCTAssertEqual(twice.map { [$0.earlier, $0.later] }, [1, 3])
        let backByItself = await refusal(places([(60.17, 24.94), (60.171, 24.945), (60.17, 24.94)]), optimize: true, end: .start)
        XCTAssertEqual(backByItself?.description.hasSuffix("the trip comes back to the start by itself: leave out the last place"), true)
        let writtenOut = await refusal(places([(60.17, 24.94), (60.171, 24.945), (60.17, 24.94)]), optimize: true, end: .anywhere)
        XCTAssertNil(writtenOut, "a round trip written out, ending after its last place")
    }
}
