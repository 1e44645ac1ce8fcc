import XCTest
@testable import RouteItCore

/// A day of 200 stops (the most a trip holds) through the trip flow: the directions of every
/// leg, and the trip saved and opened again; a 201st stop is refused before any matrix or
/// route is asked for. (200 stops' order: `DayPlannerTests`.)
final class TwoHundredStopTripTests: XCTestCase {
    private var directions: StraightLineDirections!
    private var flow: TripFlowController!
    private var planner: PlannerViewModel!

    override func setUp() {
        directions = StraightLineDirections()
        flow = TripFlowController(geocoder: StubGeocoder(candidates: [:]), directions: directions,
                                  location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                  clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                                  calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
        planner = PlannerViewModel(flow: flow, store: .success(MemoryPlannerStore()), mapName: "default")
    }

    /// The start and `count` stops, seeded over central Helsinki, in no useful order.
    static func slots(stops count: Int) -> [EntrySlot] {
        var rng = SeededRandom(seed: 26)
        return (0...count).map { i in
            let c = Coordinate(latitude: .random(in: 60.15...60.20, using: &rng), longitude: .random(in: 24.88...24.98, using: &rng))
            let name = i == 0 ? "Depot" : "Stop \(i)"
            return EntrySlot(text: name, mapItem: MapItem(placemark: Placemark(name: name, city: "Helsinki", coordinate: c)))
        }
    }

    func testADayOf200StopsIsRoutedSavedAndOpened() async throws {
        let slots = Self.slots(stops: 200)
        try flow.load(slots: slots, departure: .now, settings: flow.settings)
        try await flow.route()
        let shown = try XCTUnwrap(flow.currentDirections)
        XCTAssertEqual(shown.legs.count, 201, "200 stops and back to the start")
        XCTAssertEqual(directions.routeRequests, 201, "one route a leg")
        XCTAssertEqual(directions.tableRequests, 0, "no matrix without optimize")
        XCTAssertEqual(shown.legs.map(\.route.name), slots.dropFirst().map(\.text) + ["Depot"], "every leg, in trip order")
        XCTAssertEqual(shown.legs.reduce(0) { $0 + $1.route.expectedTravelTime },
                       zip(slots, slots.dropFirst() + [slots[0]]).reduce(0) { $0 + StraightLineDirections.seconds($1.0.mapItem!.coordinate, $1.1.mapItem!.coordinate) })

        XCTAssertEqual(try planner.save(name: "Deliveries"), "Saved trip \"Deliveries\" (201 places).")
        try flow.load(slots: Self.slots(stops: 2), departure: .now, settings: flow.settings)
        XCTAssertEqual(try planner.open(name: "deliveries"), "Opened trip \"Deliveries\".")
        XCTAssertEqual(flow.entry.slots, slots, "all 200 stops back, in order")
    }

    func testA201stStopIsRefusedBeforeAnyMatrix() async throws {
        let places = Self.slots(stops: 201).map { TripPlace(item: $0.mapItem!, label: $0.text) }
        do {
            _ = try await TripOrderPlanner.order(places, transportType: .car, using: directions)
            XCTFail("201 stops were planned")
        } catch let error as TripOrderError {
            XCTAssertEqual(error, .tooManyStops(201))
        }
        XCTAssertEqual(directions.tableRequests, 0, "refused before the matrix")
        XCTAssertEqual(directions.routeRequests, 0)
        XCTAssertThrowsError(try flow.load(slots: Self.slots(stops: 201), departure: .now, settings: flow.settings)) {
            XCTAssertEqual(($0 as? InputError)?.message, "A trip has a start and 1-200 stops.")
        }
    }
}
