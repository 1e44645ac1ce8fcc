import XCTest
@testable import RouteItCore
@testable import RouteItScreens

/// A stop's window wholly after midnight (`window 2 00:30-01:00`) on a trip out that night: the
/// next day's, as `back by 01:00` is (`WindowDay`), for `optimize`, `route`, the entry, saved
/// trips and `days N`; a window the trip cannot be out for is left out naming it and the
/// departure. The fixtures are `TripClockTests'` (2026-12-03 is a Thursday; Stockmann is open
/// Mo-Fr until 21:00), with the Bar (hours unknown) 20 minutes from Home and a Club 10 minutes
/// from the Bar.
extension TripClockTests {
    /// Home → Bar (20 minutes) → `last` (10 minutes on, 20 from home; a 15-minute stay),
    /// leaving at 20:00 on 2026-12-03; `barStay` hours at the bar.
    func nightTrip(to last: Placemark, barStay hours: Double, backBy: Int?) async throws {
        let name = try XCTUnwrap(last.name), key = name.lowercased()
        geocoder.candidates[key] = [last]
        for (a, b, minutes) in [("Home", "Bar", 20.0), ("Bar", "Home", 20), ("Bar", name, 10), (name, "Bar", 10),
                                ("Home", name, 20), (name, "Home", 20)] {
            router.set(a, b, [makeRoute(minutes: minutes, metres: 1000)])
        }
        try await choose("home", slot: 0)
        try await choose("bar", slot: 1)
        try await choose(key, slot: 2)
        try flow.setDeparture(words: ["2026-12-03", "20:00"])
        try flow.editTrip {
            try $0.setStay(hours * 3600, forSlotAt: 1)
            try $0.setStay(15 * 60, forSlotAt: 2)
            $0.setBackBy(backBy)
        }
    }

    private func nightOut(barStay hours: Double, clubWindow: String, backBy: Int?) async throws {
        try await nightTrip(to: place("Club", lat: 60.174), barStay: hours, backBy: backBy)
        try flow.editTrip { try $0.setWindows(VisitWindow.parseList(clubWindow), forSlotAt: 2) }
    }

    static let clubNote = "Club (Stop 2)'s window 00:30-01:00 (+1 day) is after midnight: the trip leaves at 20:00 and is still out then."

    /// Back by 02:00 (+1 day): the club's 00:30-01:00 is that night's. `optimize` keeps it (the
    /// bar first, then the club at 00:30) and `route` visits it then, said once, shown
    /// `(+1 day)` on the entry; in the order given, not waiting, `route` says the visit at
    /// 20:20 is outside the night's window, as `optimize` would judge it.
    func testAWindowAfterMidnightIsTheNightsWhenTheBackByIs() async throws {
        try await nightOut(barStay: 4, clubWindow: "00:30-01:00", backBy: 2 * 60)
        let entry = EntryScreen.render(flow.entry, settings: TripSettings(), calendar: calendar)
        XCTAssertTrue(entry.contains("Club, 00100 Helsinki (stay 15m, 00:30-01:00 (+1 day))"), entry)
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, ["Bar", "Club"])
        try await flow.route()
        let shown = try directions()
        XCTAssertEqual(shown.schedule?.legs[1].visitStart, at("2026-12-04 00:30"))
        XCTAssertEqual(shown.notices.filter { $0 == Self.clubNote }.count, 1, "\(shown.notices)")
        XCTAssertEqual(shown.warnings.flatMap { $0 }, [])
        XCTAssertEqual(shown.tripNotes, [], "home at 01:05, before the night's 02:00")

        // The club first, without waiting: the visit at 20:20 is outside the night's window.
        try flow.editTrip { $0.setWaits(false); try $0.swapSlots(1, 2) }
        try await flow.route()
        XCTAssertEqual(try directions().warnings.flatMap { $0 },
                       ["Stop 1 (Club) is visited at 20:20 (a 15m stay), before its window 00:30-01:00 (+1 day)."])
    }

    /// The trip cannot be out then: back by 17:00 for a trip leaving at 10:00 (and back by
    /// 01:00 for one leaving at 20:00, whose next morning is after it) keeps `08:00-09:00` the
    /// morning before the trip, said with the departure; `route` says it under the leg.
    func testAWindowTheTripCannotBeOutForIsLeftOutNamingTheDeparture() async throws {
        try await nightOut(barStay: 1, clubWindow: "08:00-09:00", backBy: 17 * 60)
        try flow.setDeparture(words: ["2026-12-03", "10:00"])
        let day = try await flow.optimize()
        XCTAssertEqual(day.notes.first, "Club (Stop 2) is left out: its window 08:00-09:00 is over before the trip leaves at 10:00.")
        try await flow.route()
        XCTAssertEqual(try directions().warnings.flatMap { $0 }, [], "left out: not routed")
        try flow.editTrip { try $0.setStay(0, forSlotAt: 1) }
        try flow.setDeparture(words: ["2026-12-03", "20:00"])
        try flow.editTrip { $0.setBackBy(60) }
        let night = try await flow.optimize()
        XCTAssertEqual(night.notes.first, "Club (Stop 2) is left out: its window 08:00-09:00 is over before the trip leaves at 20:00.")
    }

    /// Without a back by the trip is out as long as its times say: four hours at the bar bring
    /// it home after 00:30, so the club's window is that night's (for `optimize` and for
    /// `route` in the order given); two hours bring it home at 22:40, and the club is left out
    /// as before.
    func testWithoutABackByAWindowIsTheNightsWhenTheTripIsStillOut() async throws {
        try await nightOut(barStay: 4, clubWindow: "00:30-01:00", backBy: nil)
        try await flow.route()
        let given = try directions()
        XCTAssertEqual(given.warnings.flatMap { $0 }, [], "visited at 00:30, inside the night's window")
        XCTAssertEqual(given.notices, [Self.clubNote])
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, ["Bar", "Club"])

        try flow.editTrip { try $0.setStay(2 * 3600, forSlotAt: 1) }
        let early = try await flow.optimize()
        XCTAssertEqual(early.notes.first, "Club (Stop 2) is left out: its window 00:30-01:00 is over before the trip leaves at 20:00.")
    }

    /// `days 2`, back by 02:00: the two clubs' windows overlap, so each gets its own night, each
    /// day's window that day's night.
    func testOverSeveralDaysEachDayHasItsOwnNight() async throws {
        try await nightOut(barStay: 0.5, clubWindow: "00:30-01:00", backBy: 2 * 60)
        try flow.editTrip {
            try $0.setWindows(VisitWindow.parseList("00:30-01:00"), forSlotAt: 1)
            $0.setDays(2)
        }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.dayLengths, [1, 1], "\(plan.notes)")
        try await flow.route()
        let first = try directions()
        let second = try XCTUnwrap(flow.laterDays.first)
        XCTAssertEqual(first.schedule?.legs.first?.visitStart, at("2026-12-04 00:30"))
        XCTAssertEqual(second.schedule?.legs.first?.visitStart, at("2026-12-05 00:30"))
        XCTAssertEqual(first.warnings.flatMap { $0 } + second.warnings.flatMap { $0 }, [])
        XCTAssertEqual(first.tripNotes + second.tripNotes, [])
    }

    /// A saved trip keeps its windows as given (`00:30-01:00`) with its departure and back by,
    /// so opened again it means the same night: nothing new is stored.
    func testASavedTripOpensWithTheSameNight() async throws {
        try await nightOut(barStay: 4, clubWindow: "00:30-01:00", backBy: 2 * 60)
        let planner = PlannerViewModel(flow: flow, store: .success(MemoryPlannerStore()), mapName: "default")
        _ = try planner.save(name: "Night out")
        try flow.editTrip { try $0.setWindows([], forSlotAt: 2); $0.restoreDay(DayOptions()) }
        _ = try planner.open(name: "Night out")
        XCTAssertEqual(flow.entry.stops[1].windows, [VisitWindow(from: 30, to: 60)])
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        try await flow.route()
        XCTAssertEqual(try directions().schedule?.legs[1].visitStart, at("2026-12-04 00:30"))
    }

    func testTheRuleTakesOnlyAWindowOverBeforeTheTripLeaves() throws {
        let departure = at("2026-12-03 20:00")
        let night = WindowDay(departure: departure, outUntil: at("2026-12-04 02:00"), calendar: calendar)
        func span(_ text: String, _ day: WindowDay = night) throws -> ClosedRange<Date> { day.span(try VisitWindow.parseList(text)[0]) }
        XCTAssertEqual(try span("00:30-01:00"), at("2026-12-04 00:30")...at("2026-12-04 01:00"))
        XCTAssertEqual(try span("22:00-01:00"), at("2026-12-03 22:00")...at("2026-12-04 01:00"), "already runs into the night")
        XCTAssertEqual(try span("18:00-20:00"), at("2026-12-03 18:00")...at("2026-12-03 20:00"), "not out the next evening")
        let wholeDay = WindowDay(departure: departure, day: DayOptions(backBy: 20 * 60), calendar: calendar)
        XCTAssertEqual(try span("18:00-20:00", wholeDay), at("2026-12-04 18:00")...at("2026-12-04 20:00"),
                       "ends at the departure's time of day: over when it leaves, so the next day's when out then")
        XCTAssertEqual(try span("18:00-20:01", wholeDay), at("2026-12-03 18:00")...at("2026-12-03 20:01"), "still open when it leaves")
        XCTAssertEqual(try span("02:00-03:00"), at("2026-12-03 02:00")...at("2026-12-03 03:00"), "not out then: the departure day's")
        let dayTrip = WindowDay(departure: departure, outUntil: nil, calendar: calendar)
        XCTAssertEqual(try span("00:30-01:00", dayTrip), at("2026-12-03 00:30")...at("2026-12-03 01:00"))
        XCTAssertEqual(night.text(try VisitWindow.parseList("21:00-22:00,00:30-01:00")), "21:00-22:00, 00:30-01:00 (+1 day)")
    }
}
