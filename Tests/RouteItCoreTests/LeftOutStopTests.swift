import XCTest
@testable import RouteItCore

/// What `optimize` fits into a day and how it says what it leaves out: opening hours that run
/// past midnight, the true reason a stop is left out, each stop named as its front end names
/// it, in that front end's words. 2026-12-07 is a Monday.
final class LeftOutStopTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)

    func at(_ text: String) -> Date { calendar.at(text) }

    struct Stop {
        var name: String
        var hours: String? = nil
        var stay: TimeInterval = 0
        var windows: [VisitWindow] = []
    }

    /// Home, then `stops` labelled as given (`Stop 1`, ...); every leg takes `minutes`.
    func places(_ stops: [Stop]) -> [TripPlace] {
        [TripPlace(item: MapItem(placemark: place("Home")), label: TripPlace.label(forPlaceAt: 0))]
            + stops.enumerated().map { index, stop in
                var mark = place(stop.name, lat: 60.17 + Double(index + 1) / 1000)
                mark.openingHours = stop.hours
                return TripPlace(item: MapItem(placemark: mark), stay: stop.stay, label: TripPlace.label(forPlaceAt: index + 1),
                                 windows: stop.windows)
            }
    }

    func router(_ places: [TripPlace], minutes: Double) -> StubDirections {
        let stub = StubDirections()
        for a in places { for b in places where a.item.name != b.item.name {
            guard let a = a.item.name, let b = b.item.name else { continue }
            stub.set(a, b, [makeRoute(minutes: minutes, metres: minutes * 80)])
        } }
        return stub
    }

    func order(_ stops: [Stop], minutes: Double, departure: String, waits: Bool = true, naming: StopNaming = .labels,
               wording: PlannerWording = .shell) async throws -> TripOrderPlan {
        let places = places(stops)
        return try await TripOrderPlanner.order(places, transportType: .walk, using: router(places, minutes: minutes),
                                                departure: at(departure), calendar: calendar, day: DayOptions(waits: waits),
                                                naming: naming, wording: wording)
    }

    /// Every stop left out: the planner's message.
    func nothingFits(_ stops: [Stop], minutes: Double, departure: String, waits: Bool = true,
                     wording: PlannerWording = .shell) async -> String? {
        do {
            _ = try await order(stops, minutes: minutes, departure: departure, waits: waits, wording: wording)
            return nil
        } catch {
            return (error as? TripOrderError)?.description
        }
    }

    // MARK: Opening hours past midnight

    func testAPlaceOpenUntilOneIsVisitedPastMidnight() async throws {
        let chaplin = Stop(name: "Chaplin", hours: "Mo 12:00-01:00", stay: 3600)
        // There at 23:30, an hour's stay to 00:30: open all the time, as `route` judges it.
        let plan = try await order([chaplin], minutes: 10, departure: "2026-12-07 23:20")
        XCTAssertEqual(plan.leftOut, [])
        XCTAssertEqual(plan.stopOrder, [0])
        XCTAssertNil(VisitCheck.warning(for: places([chaplin])[1], arrival: at("2026-12-07 23:30"), calendar: calendar))
    }

    func testTheNextDaysHoursHoldForATripPastMidnight() async throws {
        // Monday's evening goes on into Tuesday's own hours without a break.
        let bar = Stop(name: "Bar", hours: "Mo 20:00-24:00; Tu 00:00-02:00", stay: 3600)
        let plan = try await order([bar], minutes: 10, departure: "2026-12-07 23:20")
        XCTAssertEqual(plan.leftOut, [])
    }

    func testAStayPastAClosingAfterMidnightIsLeftOutWithWhy() async throws {
        let chaplin = Stop(name: "Chaplin", hours: "Mo 12:00-01:00", stay: 2 * 3600)
        // There at 23:30 with a 2h stay: it would end at 01:30, after it closes.
        let message = await nothingFits([chaplin], minutes: 10, departure: "2026-12-07 23:20")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nChaplin (Stop 1) is left out: its 2h stay would end after it closes at 01:00 (+1 day).")
        XCTAssertEqual(VisitCheck.warning(for: places([chaplin])[1], arrival: at("2026-12-07 23:30"), calendar: calendar),
                       "Chaplin closes at 01:00, before the 2h stay ends (01:30).")
    }

    // MARK: Each reason where it is the cause

    func testAStayThatWouldEndAfterClosing() async {
        let library = Stop(name: "Library", hours: "Mo-Fr 10:00-16:00", stay: 2 * 3600)
        let message = await nothingFits([library], minutes: 9, departure: "2026-12-07 14:30")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nLibrary (Stop 1) is left out: its 2h stay would end after it closes at 16:00.")
    }

    func testAPlaceNotOpenLongEnoughForItsStay() async {
        let kiosk = Stop(name: "Kiosk", hours: "Mo 10:00-11:00", stay: 2 * 3600)
        let message = await nothingFits([kiosk], minutes: 4, departure: "2026-12-07 09:00")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nKiosk (Stop 1) is left out: it is not open long enough for its 2h stay.")
    }

    func testAPlaceThatClosesBeforeItIsReached() async {
        let post = Stop(name: "Post", hours: "Mo 09:00-11:00")
        let message = await nothingFits([post], minutes: 5, departure: "2026-12-07 10:58")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nPost (Stop 1) is left out: it closes at 11:00, before it can be reached (11:03).")
    }

    func testAStayLongerThanItsWindow() async {
        let visit = Stop(name: "A", stay: 40 * 60, windows: [VisitWindow(from: 600, to: 630)])
        let message = await nothingFits([visit], minutes: 4, departure: "2026-12-07 09:00")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nA (Stop 1) is left out: its 40m stay does not fit in its window 10:00-10:30.")
    }

    func testAWindowOverBeforeItIsReached() async {
        let visit = Stop(name: "A", windows: [VisitWindow(from: 600, to: 605)])
        let message = await nothingFits([visit], minutes: 10, departure: "2026-12-07 10:00")
        XCTAssertEqual(message, "No stop fits the day; the trip is unchanged.\nA (Stop 1) is left out: its window 10:00-10:05 is over before it can be reached (10:10).")
    }

    // MARK: The front end's words and names

    func testTheFrontEndsWordsForWaiting() async {
        let museum = Stop(name: "Museum", hours: "Mo 10:00-18:00")
        let tool = PlannerWording(waitSwitch: "leave out --no-wait", nothingFits: "No stop fits the day.")
        let message = await nothingFits([museum], minutes: 5, departure: "2026-12-07 09:00", waits: false, wording: tool)
        XCTAssertEqual(message, "No stop fits the day.\nMuseum (Stop 1) is left out: it opens at 10:00 and the trip does not wait (leave out --no-wait).")
        let shell = await nothingFits([museum], minutes: 5, departure: "2026-12-07 09:00", waits: false)
        XCTAssertEqual(shell, "No stop fits the day; the trip is unchanged.\nMuseum (Stop 1) is left out: it opens at 10:00 and the trip does not wait (wait on).")
    }

    /// A place whose hours never open (`closed`, as Stockmann Roof's) is said to be never open,
    /// not "closed all day Monday" (over days: "left out on every day: closed all day Monday").
    func testAPlaceNeverOpenIsSaidSo() async throws {
        let stops = [Stop(name: "Roof", hours: "closed"), Stop(name: "Shop", hours: "Mo 08:00-20:00")]
        let plan = try await order(stops, minutes: 5, departure: "2026-12-07 09:00")
        XCTAssertEqual(plan.notes, ["Roof (Stop 1) is left out: it is never open (its hours: closed)."])
    }

    /// The tool names a stop as given (its label), the shell by the slot it moves to; the two
    /// naming rules agree within each output.
    func testStopsAreNamedAsGivenOrBySlotMovedTo() async throws {
        let stops = [Stop(name: "Closed", hours: "Tu 10:00-18:00"), Stop(name: "Shop", hours: "Mo 08:00-20:00"), Stop(name: "Park")]
        let given = try await order(stops, minutes: 5, departure: "2026-12-07 09:00")
        XCTAssertEqual(given.notes, ["Closed (Stop 1) is left out: closed all day Monday.",
                                     "Hours unknown: Stop 3 (Park); planned as if open."])
        // The shell's slots after reordering: the stop left out goes last.
        let slots = try await order(stops, minutes: 5, departure: "2026-12-07 09:00", naming: .newSlots)
        XCTAssertEqual(slots.stopOrder.last, 0)
        let park = try XCTUnwrap(slots.stopOrder.firstIndex(of: 2)) + 1
        XCTAssertEqual(slots.notes, ["Closed (Stop 3) is left out: closed all day Monday.",
                                     "Hours unknown: Stop \(park) (Park); planned as if open."])
    }
}
