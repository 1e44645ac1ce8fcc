import XCTest
@testable import RouteItCore
@testable import RouteItScreens

/// `optimize` and `route` over a day: waiting for an opening, windows with opening hours,
/// `back by`, priorities, the trip's end, stops left out with why, and Ctrl-C keeping the best
/// plan so far. The fixtures are `TripClockTests`': Home, Stockmann (Mo-Fr 10-21, Su 12-18)
/// and Post (Mo-Fr 9-11), 5-12 minutes apart; 2026-12-03 is a Thursday.
extension TripClockTests {
    private func homePostShop(departure: String) async throws {
        try await choose("home", slot: 0)
        try await choose("post", slot: 1)
        try await choose("shop", slot: 2)
        let words = departure.split(separator: " ").map(String.init)
        try flow.setDeparture(words: words)
    }

    func testOptimizeWaitsForAStoreToOpenAndTheTripClockWaitsToo() async throws {
        try await homePostShop(departure: "2026-12-03 09:30")
        try flow.editTrip { try $0.setStay(30 * 60, forSlotAt: 2) }
        // Stockmann first (22 minutes of travel) waits 20 minutes for 10:00; the post office
        // first drives 24.
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.stopOrder, [1, 0])
        XCTAssertEqual(plan.improvement.order.duration, 22 * 60)
        XCTAssertEqual(plan.notes, [])
        try await flow.route()
        let shown = try directions()
        let schedule = try XCTUnwrap(shown.schedule)
        XCTAssertEqual(schedule.legs[0].arrival, at("2026-12-03 09:40"))
        XCTAssertEqual(schedule.legs[0].visitStart, at("2026-12-03 10:00"))
        XCTAssertEqual(schedule.legs[1].departure, at("2026-12-03 10:30"), "the stay starts when the store opens")
        XCTAssertEqual(schedule.waiting, 20 * 60)
        XCTAssertEqual(shown.warnings, [[], [], []], "no stop is reached while closed")
        let text = DirectionsScreen.render(shown, unit: .kilometres)
        XCTAssertTrue(text.contains("Arrive 09:40, wait 20m until 10:00, stay 30m"), text)
        XCTAssertTrue(text.contains("Total Waiting: 20m\nBack at 10:42"), text)

        // Without waiting Stockmann cannot be visited before the post office closes.
        try flow.editTrip { $0.setWaits(false) }
        let strict = try await flow.optimize()
        XCTAssertEqual(strict.notes, ["Stockmann (Stop 2) is left out: it opens at 10:00 and the trip does not wait (wait on)."])
        try await flow.route()
        let routed = try directions()
        XCTAssertEqual(routed.places.map(\.item.shortName), ["Home", "Post", "Home"], "the stop left out is not routed")
        XCTAssertEqual(routed.notices, strict.notes)
        XCTAssertEqual(routed.schedule?.waiting, 0)
    }

    func testClosedAllDayClosedUntilMondayAndHoursUnknown() async throws {
        for (a, b) in [("Home", "Bar"), ("Bar", "Home"), ("Bar", "Post"), ("Post", "Bar"), ("Bar", "Stockmann"), ("Stockmann", "Bar")] {
            router.set(a, b, [makeRoute(minutes: 6, metres: 1000)])
        }
        try await homePostShop(departure: "2026-12-06 10:00")
        let sunday = try await flow.optimize()
        XCTAssertEqual(sunday.notes, ["Post (Stop 2) is left out: closed all day Sunday."])
        try flow.setDeparture(words: ["2026-12-04", "12:00"])
        let friday = try await flow.optimize()
        XCTAssertEqual(friday.notes.first, "Post (Stop 2) is left out: closed until Monday.")

        // A place without hours is never said to be open.
        try flow.setDeparture(words: ["2026-12-03", "09:30"])
        try flow.editTrip { try $0.addStop() }
        try await choose("bar", slot: 3)
        let thursday = try await flow.optimize()
        XCTAssertEqual(thursday.notes.count, 1, thursday.notes.description)
        XCTAssertTrue(thursday.notes[0].hasPrefix("Hours unknown: Stop ") && thursday.notes[0].hasSuffix("(Bar); planned as if open."),
                      thursday.notes[0])
        XCTAssertFalse(thursday.summary.contains("reached while it is open"), thursday.summary)
    }

    func testAWindowIsVisitedWhileTheStoreIsOpenToo() async throws {
        try await homePostShop(departure: "2026-12-03 09:30")
        try flow.editTrip { try $0.setWindows(VisitWindow.parseList("09:00-09:50"), forSlotAt: 2) }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.notes, ["Stockmann (Stop 2) is left out: its window 09:00-09:50 cannot be reached while it is open."])
        // A window inside the hours is waited for: Stockmann first, then the post office.
        try flow.editTrip { try $0.setWindows(VisitWindow.parseList("10:30-11:30"), forSlotAt: 2) }
        _ = try await flow.optimize()
        try await flow.route()
        let schedule = try XCTUnwrap(try directions().schedule)
        XCTAssertEqual(try directions().places.map(\.item.shortName), ["Home", "Stockmann", "Post", "Home"])
        XCTAssertEqual(schedule.legs[0].visitStart, at("2026-12-03 10:30"))
        XCTAssertEqual(schedule.legs[1].arrival, at("2026-12-03 10:37"))
    }

    func testBackByLeavesOutWhatDoesNotFitLowestPriorityFirst() async throws {
        try await homePostShop(departure: "2026-12-03 10:00")
        try flow.editTrip { try $0.setStay(10 * 60, forSlotAt: 1) }
        // Either stop alone is back by 10:25, not both: the cheaper one is kept...
        try flow.editTrip { $0.setBackBy(10 * 60 + 25) }
        let normal = try await flow.optimize()
        XCTAssertEqual(normal.notes, ["Stockmann (Stop 2) is left out: it does not fit before 10:25 with the other stops."])
        // ...unless the other matters more.
        let shop = try XCTUnwrap(flow.entry.stops.firstIndex { $0.mapItem?.shortName == "Stockmann" })
        try flow.editTrip { try $0.setPriority(.high, forSlotAt: shop + 1) }
        let high = try await flow.optimize()
        XCTAssertEqual(high.notes, ["Post (Stop 2) is left out: it does not fit before 10:25 with the other stops."])
        // Stockmann alone is 22 minutes there and back.
        try flow.editTrip { $0.setBackBy(10 * 60 + 20) }
        let late = try await flow.optimize()
        XCTAssertEqual(late.notes, ["Stockmann (Stop 2) is left out: the trip would end after 10:20."])
        // An end of day before the departure's time is the next day's (NextDayBackByTests):
        // both stops fit again.
        try flow.editTrip { $0.setBackBy(9 * 60) }
        let overnight = try await flow.optimize()
        XCTAssertEqual(overnight.notes, [])
    }

    func testATripThatEndsElsewhereHasNoReturnLeg() async throws {
        try await homePostShop(departure: "2026-12-03 10:00")
        try flow.editTrip { try $0.setEnd(.anywhere) }
        try await flow.route()
        XCTAssertEqual(try directions().places.map(\.item.shortName), ["Home", "Post", "Stockmann"])
        XCTAssertTrue(DirectionsScreen.render(try directions(), unit: .kilometres).contains("Ends at 10:12"))

        // Ending at the post office: optimize keeps it last, and the end follows it.
        try flow.editTrip { try $0.setEnd(.place(1)) }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.stopOrder, [1, 0])
        XCTAssertEqual(flow.entry.day.end, .place(2), "the end moved with its stop")
        try await flow.route()
        XCTAssertEqual(try directions().places.map(\.item.shortName), ["Home", "Stockmann", "Post"])

        // An end without a place is one line.
        try flow.editTrip { try $0.addStop() }
        try flow.editTrip { try $0.setEnd(.place(3)) }
        do {
            try await flow.route()
            XCTFail("the end has no place")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "The trip ends at Stop 3, which has no chosen place; enter 4 to choose one, or: end start")
        }
    }

    /// Ctrl-C cancels the shell command's task: pressed while the planner searches, its best
    /// plan so far is still applied (other commands' cancelled work never changes the trip).
    func testCtrlCCancellingTheCommandKeepsTheBestPlanSoFar() async throws {
        try await homePostShop(departure: "2026-12-03 09:30")
        try flow.editTrip { try $0.setStay(30 * 60, forSlotAt: 2) }
        // A search that would take 30 s, cancelled after a moment.
        var search = DayPlanOptions(timeBudget: 30)
        search.exactLimit = 0
        nonisolated(unsafe) let flow = flow!
        let command = Task { try await flow.optimize(search: search) }
        try await Task.sleep(nanoseconds: 300_000_000)
        command.cancel()
        let plan = try await command.value
        XCTAssertTrue(plan.stoppedEarly)
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, plan.stopOrder.map { ["Post", "Stockmann"][$0] },
                       "the plan is applied")
        XCTAssertEqual(plan.stopOrder, [1, 0], "the order changed")
    }

    func testCtrlCWhileSearchingKeepsTheBestPlanSoFar() async throws {
        try await homePostShop(departure: "2026-12-03 09:30")
        try flow.editTrip { try $0.setStay(30 * 60, forSlotAt: 2) }
        let plan = try await flow.optimize(isCancelled: { true })
        XCTAssertTrue(plan.stoppedEarly)
        XCTAssertTrue(plan.summary.hasSuffix("\nStopped early: best plan so far."), plan.summary)
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, plan.stopOrder.map { ["Post", "Stockmann"][$0] },
                       "the plan is applied")
        XCTAssertEqual(plan.leftOut, [], "every stop still fits")
    }

    func testDaysSpreadTheStopsOneRouteADayWithThatDaysHours() async throws {
        // Sunday: the post office is closed all day; over two days it is Monday's route.
        try await homePostShop(departure: "2026-12-06 10:00")
        try flow.editTrip { $0.setDays(2) }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.dayLengths, [1, 1])
        XCTAssertEqual(plan.notes, [])
        XCTAssertEqual(plan.summary, "Planned over 2 days: day 1 1 stop, day 2 1 stop.")
        try await flow.route()
        let sunday = try directions()
        XCTAssertEqual(sunday.places.map(\.item.shortName), ["Home", "Stockmann", "Home"])
        XCTAssertEqual(sunday.schedule?.legs[0].visitStart, at("2026-12-06 12:00"), "Stockmann opens at 12:00 on Sundays")
        XCTAssertEqual(flow.laterDays.count, 1)
        let monday = try XCTUnwrap(flow.laterDays.first)
        XCTAssertEqual(monday.places.map(\.item.shortName), ["Home", "Post", "Home"])
        XCTAssertEqual(monday.schedule?.departure, at("2026-12-07 10:00"), "each day leaves at the departure's time")
        let text = DirectionsScreen.render(days: [sunday] + flow.laterDays, unit: .kilometres)
        XCTAssertTrue(text.hasPrefix("DAY 1 OF 2 (2026-12-06)\n") && text.contains("\n\nDAY 2 OF 2 (2026-12-07)\n"), text)

        // A stop no day fits is left out, said for every day.
        try flow.setDeparture(words: ["2026-12-05", "12:00"])
        try flow.editTrip { $0.setDays(2) }
        let weekend = try await flow.optimize()
        XCTAssertEqual(weekend.notes, ["Post (Stop 2) is left out on every day: closed all day Sunday."])

        // Several days each come back to the start (or end anywhere), never at a stop.
        try flow.editTrip { try $0.setEnd(.place(1)) }
        do {
            _ = try await flow.optimize()
            XCTFail("days with an end at a stop")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "A trip over several days comes back to the start each day, or ends anywhere: end start, or end anywhere.")
        }
    }

    func testTheEndStaysOnItsStopAsStopsMove() throws {
        let entry = EntryViewModel(stopCount: 3)
        try entry.setEnd(.place(2))
        try entry.swapSlots(2, 3)
        XCTAssertEqual(entry.day.end, .place(3))
        XCTAssertEqual(try entry.removeSlot(at: 1), [], "another stop: nothing to say")
        XCTAssertEqual(entry.day.end, .place(2))
        try entry.reorderStops([1, 0])
        XCTAssertEqual(entry.day.end, .place(1))
        try entry.type("Kalevankatu 20", inSlotAt: 1)
        XCTAssertEqual(try entry.removeSlot(at: 1), ["The trip ended at Stop 1 (Kalevankatu 20), now removed: it ends back at the start."],
                       "said, as swap says it (it changed without a word)")
        XCTAssertEqual(entry.day.end, .start, "its stop is gone: back to the start")
        try entry.setEnd(.place(0))
        XCTAssertEqual(entry.day.end, .start, "ending at slot 1 is a round trip")
    }
}
