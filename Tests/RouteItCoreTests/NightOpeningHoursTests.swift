import XCTest
@testable import RouteItCore

/// A stop whose opening starts after midnight (a night market open `Mo-Su 00:30-03:00`) on a
/// trip out that night: the opening is the night's, as a window past midnight is (`WindowDay`),
/// when the back by is `+1 day` or, without one, when the trip is still out then; a trip home
/// before midnight leaves it out. The fixtures are `TripClockTests'` (2026-12-03, a Thursday),
/// the Bar 20 minutes from Home and the Market 10 minutes from the Bar.
extension TripClockTests {
    private func nightMarket(barStay hours: Double, backBy: Int?) async throws {
        var market = place("Market", lat: 60.174)
        market.openingHours = "Mo-Su 00:30-03:00"
        try await nightTrip(to: market, barStay: hours, backBy: backBy)
    }

    /// Back by 02:00 (+1 day): `optimize` keeps the market and waits for it to open at 00:30;
    /// `route` in that order says nothing is closed.
    func testAnOpeningAfterMidnightIsTheNightsWhenTheBackByIs() async throws {
        try await nightMarket(barStay: 1, backBy: 2 * 60)
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, ["Bar", "Market"])
        try await flow.route()
        let shown = try directions()
        XCTAssertEqual(shown.schedule?.legs[1].visitStart, at("2026-12-04 00:30"))
        XCTAssertEqual(shown.warnings.flatMap { $0 }, [])
        XCTAssertEqual(shown.tripNotes, [], "home at 01:05, before the night's 02:00")
    }

    /// Without a back by, four hours at the bar bring the trip to the market after midnight:
    /// it is open then, and the route waits for nothing else; with the bar for one hour the
    /// trip is home by 21:50 and the market (closed until the night) is left out.
    func testWithoutABackByAnOpeningAfterMidnightCountsWhenTheTripIsStillOut() async throws {
        try await nightMarket(barStay: 4, backBy: nil)
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        try await flow.route()
        let late = try directions()
        XCTAssertEqual(late.schedule?.legs[1].visitStart, at("2026-12-04 00:30"))
        XCTAssertEqual(late.warnings.flatMap { $0 }, [])

        try flow.editTrip { try $0.setStay(3600, forSlotAt: 1) }
        let early = try await flow.optimize()
        XCTAssertEqual(early.leftOut.count, 1, "\(early.notes)")
    }

    /// Back by 23:00: the trip is home before the market opens; it is left out, saying it is
    /// closed until the next day.
    func testAnOpeningAfterTheBackByIsNotWaitedFor() async throws {
        try await nightMarket(barStay: 1, backBy: 23 * 60)
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut.count, 1, "\(plan.notes)")
        XCTAssertEqual(plan.notes.first, "Market (Stop 2) is left out: closed until Friday.")
    }
}
