import XCTest
@testable import RouteItCore

/// A trip saved by an older RouteIt may visit a place twice (the same coordinates to 1e-6°),
/// which a trip no longer does. `open NAME` keeps every slot's text and plan, clears the pick
/// of each slot that repeats an earlier slot's place, and says which and why in one line.
final class SavedTripRepeatsTests: XCTestCase {
    var store: MemoryPlannerStore!
    var flow: TripFlowController!
    var planner: PlannerViewModel!

    override func setUp() {
        store = MemoryPlannerStore()
        flow = TripFlowController(geocoder: StubGeocoder(candidates: [:]), directions: StraightLineDirections(),
                                  location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                  clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                                  calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
        planner = PlannerViewModel(flow: flow, store: .success(store), mapName: "default")
    }

    private func slot(_ text: String, _ latitude: Double, _ longitude: Double, stay: TimeInterval = 0) -> EntrySlot {
        EntrySlot(text: text, mapItem: MapItem(placemark: place(text, lat: latitude, lon: longitude)), stay: stay)
    }

    private func saveOldTrip(_ slots: [EntrySlot]) throws {
        try store.save(SavedTrip(name: "Old", slots: slots, departure: .now, transportType: .car, distanceUnit: .kilometres,
                                 map: "default", savedAt: Date(timeIntervalSinceReferenceDate: 700_000_000)))
    }

    func testARepeatedPlaceLosesItsPickButNotItsText() async throws {
        let slots = [slot("Home", 60.17, 24.94), slot("Kiosk", 60.171, 24.945),
                     slot("Kiosk again", 60.1710004, 24.9450004, stay: 600), slot("Shop", 60.168, 24.938)]
        try saveOldTrip(slots)
        XCTAssertEqual(try planner.open(name: "Old"),
                       "Opened trip \"Old\".\nStop 2 (Kiosk again) is the same place as stop 1: pick another place for it or remove it.")
        XCTAssertEqual(flow.entry.slots.map(\.text), ["Home", "Kiosk", "Kiosk again", "Shop"])
        XCTAssertEqual(flow.entry.slots.map(\.isSelected), [true, true, false, true])
        XCTAssertEqual(flow.entry.slots[2].stay, 600, "the stop's plan stays")
        XCTAssertEqual(try store.trip(named: "Old")?.slots, slots, "the saved trip is the user's: unchanged")
        // Routed, no leg goes from a place to itself.
        try await flow.route()
        let places = try XCTUnwrap(flow.currentDirections).places.map(\.item.coordinate)
        XCTAssertNil(PlaceKey.firstRepeat(in: Array(places.dropLast())))
        XCTAssertFalse(try XCTUnwrap(flow.currentDirections).legs.contains { $0.route.distance < 1 })
    }

    func testEveryRepeatIsNamedInOneLine() throws {
        try saveOldTrip([slot("Home", 60.17, 24.94), slot("Kiosk", 60.171, 24.945), slot("Home", 60.17, 24.94),
                         slot("Shop", 60.168, 24.938), slot("Kiosk", 60.171, 24.945)])
        let opened = try planner.open(name: "old")
        XCTAssertEqual(opened, "Opened trip \"Old\".\nStop 2 (Home) is the same place as the start and Stop 4 (Kiosk) as stop 1: "
                       + "pick another place for each or remove them.")
        XCTAssertEqual(flow.entry.slots.map(\.isSelected), [true, true, false, true, false])
        XCTAssertEqual(flow.entry.slots.map(\.text), ["Home", "Kiosk", "Home", "Shop", "Kiosk"])
    }

    func testATripWithoutRepeatsOpensAsItWas() throws {
        let slots = [slot("Home", 60.17, 24.94), slot("Kiosk", 60.171, 24.945), slot("Near the kiosk", 60.17102, 24.945)]
        try saveOldTrip(slots)
        XCTAssertEqual(try planner.open(name: "Old"), "Opened trip \"Old\".")
        XCTAssertEqual(flow.entry.slots, slots)
    }
}
