import XCTest
@testable import RouteItCore

/// `days N`: a day is over before the next day leaves, so a long stay late in a day cannot run
/// into the next day's trip (the traveller would be in two places at once). The fixtures are
/// `TripClockTests`'; 2026-12-03 is a Thursday.
extension TripClockTests {
    func testALongStayDoesNotRunIntoTheNextDaysTrip() async throws {
        var fair = place("Fair", lat: 60.173)
        fair.openingHours = "Fr 09:00-12:00"
        geocoder.candidates["fair"] = [fair]
        // The bar is on the way to the post office and far from the fair: the cheapest plan
        // would stay the night at the bar on day 1, till after day 2 leaves.
        for (a, b, minutes) in [("Home", "Bar", 3.0), ("Post", "Bar", 3), ("Home", "Fair", 7), ("Post", "Fair", 7), ("Bar", "Fair", 30)] {
            router.set(a, b, [makeRoute(minutes: minutes, metres: 1000)])
            router.set(b, a, [makeRoute(minutes: minutes, metres: 1000)])
        }
        try await choose("home", slot: 0)
        try await choose("post", slot: 1)
        try await choose("bar", slot: 2)
        try flow.editTrip { try $0.addStop() }
        try await choose("fair", slot: 3)
        try flow.editTrip { try $0.setStay(24 * 3600, forSlotAt: 2) }
        try flow.setDeparture(words: ["2026-12-03", "10:00"])
        try flow.editTrip { $0.setDays(2) }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.notes, [])
        try await flow.route()
        let first = try directions()
        let second = try XCTUnwrap(flow.laterDays.first)
        let firstBack = try XCTUnwrap(first.schedule?.back)
        let secondLeaves = try XCTUnwrap(second.schedule?.departure)
        XCTAssertEqual(secondLeaves, at("2026-12-04 10:00"))
        XCTAssertLessThanOrEqual(firstBack, secondLeaves, "day 1 is over before day 2 leaves")
        XCTAssertEqual(first.places.map(\.item.shortName), ["Home", "Post", "Home"])
        XCTAssertEqual(second.places.map(\.item.shortName), ["Home", "Fair", "Bar", "Home"], "the long stay ends the last day")
    }
}
