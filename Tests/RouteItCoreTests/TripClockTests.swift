import XCTest
@testable import RouteItCore

/// Clock times, stays, closed-on-arrival warnings and the entry fixes, with an injected wall
/// clock in Helsinki time. 2026-12-03 is a Thursday.
final class TripClockTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
    var clock: FixedWallClock!
    var geocoder: StubGeocoder!
    var router: StubDirections!
    var flow: TripFlowController!

    func at(_ text: String) -> Date { calendar.at(text) }

    override func setUp() {
        clock = FixedWallClock(at("2026-12-03 10:00"))
        var shop = place("Stockmann", lat: 60.168, lon: 24.942)
        shop.openingHours = "Mo-Fr 10:00-21:00; Sa 10:00-18:00; Su 12:00-18:00"
        var post = place("Post", lat: 60.171, lon: 24.94)
        post.openingHours = "Mo-Fr 09:00-11:00"
        geocoder = StubGeocoder(candidates: ["home": [place("Home")], "shop": [shop], "post": [post], "bar": [place("Bar", lat: 60.172)]])
        router = StubDirections()
        for (a, b, minutes) in [("Home", "Stockmann", 10.0), ("Stockmann", "Home", 12), ("Home", "Post", 5), ("Post", "Home", 5),
                                ("Stockmann", "Post", 7), ("Post", "Stockmann", 7)] {
            router.set(a, b, [makeRoute(minutes: minutes, metres: 1000)])
        }
        flow = TripFlowController(geocoder: geocoder, directions: router,
                                  location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()), clock: clock, calendar: calendar)
    }

    func choose(_ text: String, slot: Int) async throws {
        try flow.editTrip { try $0.type(text, inSlotAt: slot) }
        try await flow.enter(slotAt: slot)
        try flow.pick(row: 1)
    }

    func directions() throws -> DirectionsViewModel {
        guard case .directions(let shown) = flow.screen else { throw XCTSkip("no directions shown") }
        return shown
    }

    func testDepartNowUsesTheClockAndStaysPushLaterLegs() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("post", slot: 2)
        try flow.editTrip { try $0.setStay(15 * 60, forSlotAt: 1) }
        try await flow.route()
        let schedule = try XCTUnwrap(try directions().schedule)
        XCTAssertEqual(schedule.legs.map(\.departure), [at("2026-12-03 10:00"), at("2026-12-03 10:25"), at("2026-12-03 10:32")])
        XCTAssertEqual(schedule.legs.map(\.arrival), [at("2026-12-03 10:10"), at("2026-12-03 10:32"), at("2026-12-03 10:37")])
        XCTAssertEqual(schedule.back, at("2026-12-03 10:37"))
        clock.date = at("2026-12-03 10:30")
        try await flow.route()
        XCTAssertEqual(try directions().schedule?.legs.first?.departure, at("2026-12-03 10:30"), "now is read at routing time")
    }

    func testDepartTodayOrOnADate() throws {
        try flow.setDeparture(words: ["09:15"])
        XCTAssertEqual(flow.entry.departure, .at(at("2026-12-03 09:15")))
        try flow.setDeparture(words: ["2026-12-24", "23:59"])
        XCTAssertEqual(flow.entry.departure, .at(at("2026-12-24 23:59")))
        try flow.setDeparture(words: ["now"])
        XCTAssertEqual(flow.entry.departure, .now)
        for bad in [["24:00"], ["9"], ["2026-02-30", "10:00"], ["10:00", "now"], ["12:5"], ["2026-1-01", "10:00"]] {
            XCTAssertThrowsError(try flow.setDeparture(words: bad), "\(bad)")
        }
        XCTAssertEqual(flow.entry.departure, .now, "bad input changes nothing")
    }

    func testStayParsing() throws {
        XCTAssertEqual(try StayDuration.parse("15m"), 900)
        XCTAssertEqual(try StayDuration.parse("1h"), 3600)
        XCTAssertEqual(try StayDuration.parse("1h30m"), 5400)
        XCTAssertEqual(try StayDuration.parse("0"), 0)
        XCTAssertEqual(try StayDuration.parse("90"), 5400, "a bare number is minutes, as --stay and a list's column take it")
        XCTAssertEqual(try StayDuration.parse("1440"), 86400)
        XCTAssertEqual(try StayDuration.parse("90m"), 5400, "minutes alone may pass an hour")
        XCTAssertEqual(try StayDuration.parse("1h59m"), 7140)
        XCTAssertEqual(try StayDuration.parse("2H0M"), 7200)
        // Minutes after hours stop at 59: 1h61m is a slip, not 2h1m; the line says what to type.
        for (slip, said) in [("1h61m", "Not a stay: \"1h61m\"; minutes after hours go up to 59: type 2h1m (or 121m)."),
                             ("0h90m", "Not a stay: \"0h90m\"; minutes after hours go up to 59: type 1h30m (or 90m)."),
                             ("1h60m", "Not a stay: \"1h60m\"; minutes after hours go up to 59: type 2h (or 120m)."),
                             ("24h99m", "Not a stay: \"24h99m\"; minutes after hours go up to 59: a stay is at most 24h.")] {
            XCTAssertThrowsError(try StayDuration.parse(slip), slip) { XCTAssertEqual(($0 as? InputError)?.message, said) }
        }
        for bad in ["", "m", "1.5h", "30m1h", "1441", "99999", "-5", "+5", "-5m", "25h", "1h1h", "99999999m"] {
            XCTAssertThrowsError(try StayDuration.parse(bad), bad)
        }
        XCTAssertEqual(StayDuration.text(5400), "1h30m")
        XCTAssertThrowsError(try flow.entry.setStay(60, forSlotAt: 0), "the start has no stay")
    }

    func testTimesAcrossMidnight() async throws {
        try await choose("home", slot: 0)
        try await choose("bar", slot: 1)
        router.set("Home", "Bar", [makeRoute(minutes: 30, metres: 1000)])
        router.set("Bar", "Home", [makeRoute(minutes: 30, metres: 1000)])
        try flow.setDeparture(words: ["2026-12-03", "23:50"])
        try flow.editTrip { try $0.setStay(3600, forSlotAt: 1) }
        try await flow.route()
        let shown = try directions()
        XCTAssertEqual(shown.schedule?.back, at("2026-12-04 01:50"))
        XCTAssertEqual(calendar.clockText(at("2026-12-04 00:20"), since: at("2026-12-03 23:50")), "00:20 (+1 day)")
        XCTAssertEqual(calendar.clockText(at("2026-12-03 23:55"), since: at("2026-12-03 23:50")), "23:55")
    }

    func testClosedOnArrivalNamesWhenItOpens() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try flow.setDeparture(words: ["2026-12-03", "21:00"])
        try await flow.route()
        XCTAssertEqual(try directions().warnings, [["Stockmann is closed at 21:10 (opens 10:00 tomorrow)."], []])
        try flow.setDeparture(words: ["2026-12-05", "19:00"])
        try await flow.route()
        XCTAssertEqual(try directions().warnings[0], ["Stockmann is closed at 19:10 (opens 12:00 tomorrow)."])
        try flow.setDeparture(words: ["2026-12-03", "12:00"])
        try await flow.route()
        XCTAssertEqual(try directions().warnings, [[], []], "open: nothing to say")
    }

    func testAStayThatPushesTheNextStopPastClosingIsCaught() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("post", slot: 2)
        try flow.setDeparture(words: ["2026-12-03", "10:00"])
        try await flow.route()
        XCTAssertEqual(try directions().warnings, [[], [], []], "Post reached at 10:17, open until 11:00")
        try flow.editTrip { try $0.setStay(45 * 60, forSlotAt: 1) }
        try await flow.route()
        XCTAssertEqual(try directions().warnings[1], ["Post is closed at 11:02 (opens 09:00 tomorrow)."])
        try flow.editTrip { try $0.setStay(30 * 60, forSlotAt: 1); try $0.setStay(20 * 60, forSlotAt: 2) }
        try await flow.route()
        XCTAssertEqual(try directions().warnings[1], ["Post closes at 11:00, before the 20m stay ends (11:07)."])
    }

    func testUnknownHoursNeverWarn() async throws {
        geocoder.candidates["shop"]![0].openingHours = "Mo-Fr sunrise-sunset"
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try flow.setDeparture(words: ["2026-12-03", "03:00"])
        try await flow.route()
        XCTAssertEqual(try directions().warnings, [[], []])
    }

    func testAStopWithoutAPlaceIsLeftOutAndSaid() async throws {
        try await choose("home", slot: 0)
        try flow.editTrip { try $0.type("Senaatintori", inSlotAt: 1) }
        try await choose("shop", slot: 2)
        try await flow.route()
        let shown = try directions()
        XCTAssertEqual(shown.notices, ["Stop 1 (\"Senaatintori\") has no chosen place and is left out; enter 2 to choose one."])
        XCTAssertEqual(shown.legs.count, 2)
    }

    func testALegWithoutARouteIsNamed() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("bar", slot: 2)
        do {
            try await flow.route()
            XCTFail("Stockmann → Bar has no route")
        } catch let alert as Alert {
            XCTAssertTrue(alert.message.hasPrefix("Directions not available."), alert.message)
            XCTAssertTrue(alert.message.contains("from Stop 1 (Stockmann, 00100 Helsinki) to Stop 2 (Bar, 00100 Helsinki)"), alert.message)
        }
        XCTAssertEqual(flow.screen.name, "entry")
    }

    func testBackKeepsTheRouteUntilTheTripOrModeChanges() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await flow.route()
        try flow.back()
        XCTAssertNotNil(flow.currentDirections, "map and export still have the route")
        flow.setDistanceUnit(.kilometres)
        XCTAssertNotNil(flow.currentDirections, "units only change the display")
        flow.setTransportType(.walk)
        XCTAssertNil(flow.currentDirections)
        flow.setTransportType(.car)
        try await flow.route()
        try flow.back()
        try flow.editTrip { try $0.setStay(60, forSlotAt: 1) }
        XCTAssertNil(flow.currentDirections, "a changed trip drops the old route")
        try await flow.route()
        try flow.back()
        try flow.setDeparture(words: ["11:00"])
        XCTAssertNil(flow.currentDirections)
    }

    func testPickerShowsHoursBriefly() async throws {
        try flow.editTrip { try $0.type("shop", inSlotAt: 1) }
        try await flow.enter(slotAt: 1)
        guard case .picker(let picker) = flow.screen else { return XCTFail("picker expected") }
        XCTAssertEqual(picker.hoursNotes, ["open until 21:00"])
        try flow.pick(row: 1)
        XCTAssertEqual(flow.entry.slots[1].mapItem?.placemark.openingHours, "Mo-Fr 10:00-21:00; Sa 10:00-18:00; Su 12:00-18:00", "a picked place keeps its hours")
        clock.date = at("2026-12-03 08:00")
        try flow.editTrip { try $0.type("shop", inSlotAt: 1) }
        try await flow.enter(slotAt: 1)
        guard case .picker(let early) = flow.screen else { return XCTFail("picker expected") }
        XCTAssertEqual(early.hoursNotes, ["closed, opens 10:00"])
    }
}

extension TripClockTests {
    func testOptimizeFindsTheQuickestOrderThatReachesEveryPlaceWhileOpen() async throws {
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("post", slot: 2)
        try flow.editTrip { try $0.setStay(45 * 60, forSlotAt: 1) }
        try flow.setDeparture(words: ["2026-12-03", "10:00"])
        // Shop first is 2 minutes quicker but reaches the post office at 11:02, after it closes.
        let quickest = try await TripOrderPlanner.plan(flow.entry, transportType: .car, using: router)
        XCTAssertEqual(quickest.stopOrder, [0, 1], "without a departure only travel counts")
        let plan = try await TripOrderPlanner.plan(flow.entry, transportType: .car, using: router,
                                                   departure: at("2026-12-03 10:00"), calendar: calendar)
        XCTAssertEqual(plan.stopOrder, [1, 0])
        XCTAssertEqual(plan.improvement.order.duration, 24 * 60)
        XCTAssertTrue(plan.summary.contains("Every stop is now reached while it is open."), plan.summary)
        try flow.editTrip { try $0.reorderStops(plan.stopOrder) }
        try await flow.route()
        XCTAssertEqual(try directions().warnings, [[], [], []])
    }

    func testEachLegIsRoutedAtItsOwnDepartureWhenItsRouteDependsOnTheHour() async throws {
        var timed = makeRoute(minutes: 10, metres: 1000)
        timed.dependsOnDeparture = true
        router.set("Stockmann", "Post", [timed])
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("post", slot: 2)
        try flow.editTrip { try $0.setStay(15 * 60, forSlotAt: 1) }
        try flow.setDeparture(words: ["2026-12-03", "10:00"])
        try await flow.route()
        let asked = router.requests.filter { $0.source.name == "Stockmann" }.map(\.departureDate)
        // Home → Stockmann takes 10 minutes, then a 15-minute stay: the leg leaves at 10:25.
        XCTAssertEqual(asked.last, at("2026-12-03 10:25"), "\(asked)")
        XCTAssertEqual(router.requests.first { $0.source.name == "Home" }?.departureDate, at("2026-12-03 10:00"))
    }

    func testOptimizeNeverCountsAStopWithoutHoursAsOpen() async throws {
        for (a, b) in [("Home", "Bar"), ("Bar", "Home"), ("Stockmann", "Bar"), ("Bar", "Stockmann"), ("Post", "Bar"), ("Bar", "Post")] {
            router.set(a, b, [makeRoute(minutes: 3, metres: 500)])
        }
        try await choose("home", slot: 0)
        try await choose("shop", slot: 1)
        try await choose("post", slot: 2)
        try flow.editTrip { try $0.addStop() }
        try await choose("bar", slot: 3)
        try flow.editTrip { try $0.setStay(45 * 60, forSlotAt: 1) }
        let plan = try await TripOrderPlanner.plan(flow.entry, transportType: .car, using: router,
                                                   departure: at("2026-12-03 10:00"), calendar: calendar)
        XCTAssertFalse(plan.summary.contains("Every stop is now reached while it is open."), plan.summary)
        XCTAssertTrue(plan.notes.contains { $0.hasPrefix("Hours unknown: ") && $0.contains("(Bar)") }, "\(plan.notes)")
    }

    func testOptimizeLeavesOutTheStopThatCannotBeReachedAndSaysWhy() async throws {
        try await choose("home", slot: 0)
        try await choose("post", slot: 1)
        try await choose("shop", slot: 2)
        let plan = try await TripOrderPlanner.plan(flow.entry, transportType: .car, using: router,
                                                   departure: at("2026-12-03 10:58"), calendar: calendar)
        // The post office closes at 11:00 and is 5 minutes away: it goes last, left out.
        XCTAssertEqual(plan.stopOrder, [1, 0])
        XCTAssertEqual(plan.leftOut, [1])
        XCTAssertEqual(plan.notes, ["Post (Stop 2) is left out: it closes at 11:00, before it can be reached (11:03)."])
    }
}
