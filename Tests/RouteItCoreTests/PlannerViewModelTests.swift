import XCTest
@testable import RouteItCore

final class PlannerViewModelTests: XCTestCase {
    var store: MemoryPlannerStore!
    var geocoder: StubGeocoder!
    var flow: TripFlowController!
    var planner: PlannerViewModel!

    override func setUp() {
        store = MemoryPlannerStore()
        geocoder = StubGeocoder(candidates: [
            "annankatu": [place("Annankatu street"), place("Annankatu 25", street: "Annankatu", number: "25", lat: 60.167)],
            "home": [place("Home")],
            "kiosk": [place("Kiosk", lat: 60.2)],
        ])
        flow = TripFlowController(geocoder: geocoder, directions: StubDirections(),
                                  location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                  clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                                  calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
        planner = PlannerViewModel(flow: flow, store: .success(store), mapName: "default")
        flow.preferredPlaces = { [unowned self] in planner.preferredPlaces() }
        flow.onPlacePicked = { [unowned self] in planner.remember($0) }
    }

    func choose(_ text: String, slot: Int, row: Int = 1) async throws {
        try flow.editTrip { try $0.type(text, inSlotAt: slot) }
        try await flow.enter(slotAt: slot)
        try flow.pick(row: row)
    }

    func testSaveAndOpenRestoreTheWholeTrip() async throws {
        try await choose("home", slot: 0)
        try await choose("annankatu", slot: 1, row: 2)
        try flow.editTrip { try $0.type("Senaatintori", inSlotAt: 2); try $0.setStay(1200, forSlotAt: 1) }
        // A stop's window and priority, and the day's options, are part of the trip.
        try flow.editTrip {
            try $0.setWindows(VisitWindow.parseList("10:00-12:00"), forSlotAt: 1)
            try $0.setPriority(.high, forSlotAt: 1)
            try $0.setEnd(.place(1))
            $0.setBackBy(17 * 60)
            $0.setWaits(false)
        }
        let day = flow.entry.day
        try flow.setDeparture(words: ["2026-12-05", "08:40"])
        flow.setTransportType(.walk)
        flow.setDistanceUnit(.kilometres)
        let before = flow.entry.slots
        XCTAssertEqual(try planner.save(name: "Errands"), "Saved trip \"Errands\" (2 places).")
        try flow.editTrip { try $0.type("other", inSlotAt: 0); $0.departure = .now; $0.restoreDay(DayOptions()) }
        flow.setTransportType(.car)
        XCTAssertEqual(try planner.open(name: "errands"), "Opened trip \"Errands\".")
        XCTAssertEqual(flow.entry.slots, before)
        XCTAssertEqual(flow.entry.slots[1].windows, [VisitWindow(from: 600, to: 720)])
        XCTAssertEqual(flow.entry.day, day)
        XCTAssertEqual(day, DayOptions(waits: false, backBy: 17 * 60, end: .place(1)))
        XCTAssertEqual(flow.entry.departure, .at(LocalCalendar(timeZone: TimeZone(identifier: "UTC")!).date(
            try Departure.day("2026-12-05", calendar: flow.calendar), minutes: 8 * 60 + 40)))
        XCTAssertEqual(flow.settings, TripSettings(transportType: .walk, distanceUnit: .kilometres))
        let other = PlannerViewModel(flow: flow, store: .success(store), mapName: "/maps/monaco.routeit")
        XCTAssertTrue(try other.open(name: "Errands").contains("It was planned on default; this session uses /maps/monaco.routeit."))
        XCTAssertThrowsError(try planner.open(name: "nothing"))
        XCTAssertThrowsError(try planner.save(name: "  "))
        // Names are one whatever their case: saving over a trip says which it replaced.
        XCTAssertEqual(try planner.save(name: "ERRANDS"), "Saved trip \"ERRANDS\" (2 places), replacing the trip saved as \"Errands\" (2 places).")
        XCTAssertEqual(try store.trips().map(\.name), ["ERRANDS"])
        XCTAssertThrowsError(try planner.favourite(slotAt: 0, name: " ")) { XCTAssertEqual("\($0)", "Name the place: favourite SLOT NAME") }
    }

    func testFavouritesAndRecentPlacesComeFirstInThePicker() async throws {
        try await choose("kiosk", slot: 0)
        try await choose("annankatu", slot: 1, row: 2)
        XCTAssertEqual(store.recent.map(\.name), ["Annankatu 25", "Kiosk"])
        _ = try planner.favourite(slotAt: 0, name: "corner shop")
        // The recent Annankatu 25 answers "annankatu" and comes before the geocoder's first match.
        try flow.editTrip { try $0.type("annankatu", inSlotAt: 2) }
        try await flow.enter(slotAt: 2)
        guard case .picker(let picker) = flow.screen else { return XCTFail("picker expected") }
        XCTAssertEqual(picker.candidates.map(\.name), ["Annankatu 25", "Annankatu street"], "no duplicate of the recent place")
        XCTAssertEqual(picker.origins, ["recent", nil])
        try flow.back()
        // A favourite's name finds it even where the geocoder finds nothing.
        try flow.editTrip { try $0.type("corner", inSlotAt: 2) }
        try await flow.enter(slotAt: 2)
        guard case .picker(let favourites) = flow.screen else { return XCTFail("picker expected") }
        XCTAssertEqual(favourites.candidates.map(\.name), ["Kiosk"])
        XCTAssertEqual(favourites.origins, ["favourite \"corner shop\""])
        try flow.back()
        XCTAssertEqual(planner.completionWords(), ["corner shop", "Annankatu 25, 00100 Helsinki", "Kiosk, 00100 Helsinki"])
        // Naming another place so says which it replaced; the same place again says nothing more.
        XCTAssertEqual(try planner.favourite(slotAt: 1, name: "corner shop"),
                       "Favourite \"corner shop\": Annankatu 25, 00100 Helsinki, replacing Kiosk, 00100 Helsinki.")
        XCTAssertEqual(try planner.favourite(slotAt: 1, name: "corner shop"), "Favourite \"corner shop\": Annankatu 25, 00100 Helsinki")
    }

    /// A favourite can be deleted (there was no way: a slip stayed first in every picker for
    /// good); its name in any case or Unicode form; an unknown one is one line.
    func testAFavouriteIsDeleted() async throws {
        try await choose("kiosk", slot: 0)
        _ = try planner.favourite(slotAt: 0, name: "corner shop")
        XCTAssertEqual(try planner.deleteFavourite(name: "CORNER SHOP"), "Deleted favourite \"CORNER SHOP\".")
        XCTAssertEqual(try planner.favouriteList(), "No favourites; name a picked place with: favourite SLOT NAME")
        XCTAssertThrowsError(try planner.deleteFavourite(name: "corner shop")) {
            XCTAssertEqual(($0 as? InputError)?.message, "No favourite \"corner shop\"; favourites lists them.")
        }
        // Its name finds nothing any more (the geocoder knows no "corner").
        try flow.editTrip { try $0.type("corner", inSlotAt: 2) }
        do {
            try await flow.enter(slotAt: 2)
            XCTFail("the deleted favourite still answers: \(flow.screen)")
        } catch {}
    }

    func testAnUnusableStoreIsOneAlertAndPlanningGoesOn() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "The planner store /x is damaged (file is not a database); move it aside to start a new one (it was left as it is)." } }
        let broken = PlannerViewModel(flow: flow, store: .failure(Broken()), mapName: "default")
        do {
            _ = try await broken.tripList()
            XCTFail("trips with an unusable store")
        } catch {
            XCTAssertEqual((error as? Alert)?.message, Broken().description)
        }
        XCTAssertEqual(broken.preferredPlaces(), [])
        XCTAssertNotNil(broken.storeProblem)
        try await choose("home", slot: 0)
        XCTAssertTrue(flow.entry.start.isSelected)
        store.failure = Broken()
        XCTAssertThrowsError(try planner.save(name: "x")) { XCTAssertTrue($0 is Alert) }
    }

    /// A full disk (or a store busy past its wait) kept a setting from being remembered without
    /// a word: the next session silently went back to the old one.
    func testASettingTheStoreCannotKeepIsSaid() {
        flow.setDistanceUnit(.kilometres)
        XCTAssertNil(planner.saveSetting(.units))
        XCTAssertEqual(store.settings?.distanceUnit, .kilometres)
        struct Full: Error, CustomStringConvertible { var description: String { "The planner store /x failed: database or disk is full." } }
        store.failure = Full()
        flow.setTransportType(.walk)
        XCTAssertEqual(planner.saveSetting(.mode), "The mode setting is kept for this session only. The planner store /x failed: database or disk is full.")
    }
}

extension PlannerViewModelTests {
    func testTextFromAFileIsCleanedForTheTerminal() throws {
        let evil = MapItem(placemark: Placemark(name: "Shop\u{1B}[2J", city: "Helsinki", coordinate: Coordinate(latitude: 60.17, longitude: 24.94)))
        let slots = [EntrySlot(text: "Home", mapItem: evil), EntrySlot(text: "x\u{1B}]0;title\u{7}", mapItem: evil, stay: 60)]
        _ = try planner.open(imported: slots, departure: .now, transportType: nil, distanceUnit: nil, from: "trip.gpx")
        XCTAssertFalse(flow.entry.slots.contains { $0.text.contains("\u{1B}") || ($0.mapItem?.placemark.name ?? "").contains("\u{1B}") })
        XCTAssertEqual(flow.entry.slots[1].stay, 60)
    }

    /// "café" typed precomposed (U+00E9) and as e + U+0301 is one name, in any case: the second
    /// save and favourite replace the first and say so, and the name is kept precomposed (NFC).
    func testANameTypedInEitherUnicodeFormIsOneName() async throws {
        let composed = "caf\u{E9}", decomposed = "CAFE\u{301}"
        try await choose("home", slot: 0)
        XCTAssertEqual(try planner.save(name: composed), "Saved trip \"caf\u{E9}\" (1 place).")
        XCTAssertTrue(try planner.save(name: decomposed).hasSuffix(", replacing the trip saved as \"caf\u{E9}\" (1 place)."))
        XCTAssertEqual(try store.trips().map { Array($0.name.unicodeScalars) }, [Array("CAF\u{C9}".unicodeScalars)])
        XCTAssertTrue(try planner.open(name: "cafe\u{301}").hasPrefix("Opened trip"))
        XCTAssertEqual(try planner.delete(name: composed), "Deleted trip \"caf\u{E9}\".")

        try await choose("annankatu", slot: 1, row: 2)
        _ = try planner.favourite(slotAt: 0, name: composed)
        XCTAssertEqual(try planner.favourite(slotAt: 1, name: decomposed),
                       "Favourite \"CAF\u{C9}\": Annankatu 25, 00100 Helsinki, replacing Home, 00100 Helsinki.")
        XCTAssertEqual(try store.favourites().map { Array($0.name.unicodeScalars) }, [Array("CAF\u{C9}".unicodeScalars)])
    }

    /// `trips` gives save times on the map's clock (Helsinki, +03:00 in May) whatever the
    /// session's clock was before (UTC here, until a lookup reads the map's), and counts places
    /// as `save` does: the start and the stops picked, not the empty slots.
    func testTripsListsSaveTimesOnTheMapsClockAndCountsPlacesAsSaveDoes() async throws {
        flow.mapCalendar = { LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!) }
        try await choose("home", slot: 0)
        XCTAssertEqual(flow.calendar.timeZone.identifier, "Europe/Helsinki", "a lookup read the map's clock")
        XCTAssertEqual(try planner.save(name: "Errands"), "Saved trip \"Errands\" (1 place).")
        let afterLookup = try await planner.tripList()
        XCTAssertEqual(afterLookup, "Saved trips:\n  Errands  (1 place, saved 2026-05-09 09:13, map default)")

        // A new session (TZ's clock, UTC) lists it the same before any lookup.
        let fresh = TripFlowController(geocoder: geocoder, directions: StubDirections(),
                                       location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                       timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                       clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                                       calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
        fresh.mapCalendar = flow.mapCalendar
        let beforeLookup = try await PlannerViewModel(flow: fresh, store: .success(store), mapName: "default").tripList()
        XCTAssertEqual(beforeLookup, afterLookup)
        // No map's clock (a map that does not say its country): TZ's, as for every trip time.
        let unzoned = PlannerViewModel(flow: TripFlowController(geocoder: geocoder, directions: StubDirections(),
                                                                location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                                                timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                                                calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)),
                                       store: .success(store), mapName: "default")
        let onTZ = try await unzoned.tripList()
        XCTAssertTrue(onTZ.contains("saved 2026-05-09 06:13"), onTZ)
    }

    func testATripNamedLikeAFileIsRefusedAndOneStopIsSingular() throws {
        XCTAssertThrowsError(try planner.save(name: "Weekend.gpx")) { error in
            XCTAssertTrue("\(error)".contains("cannot end in .gpx or .geojson"), "\(error)")
        }
        XCTAssertEqual(try store.trips().count, 0)
        let opened = try planner.open(imported: [EntrySlot(text: "Home"), EntrySlot(text: "Shop")], departure: .now,
                                      transportType: nil, distanceUnit: nil, from: "one.gpx")
        XCTAssertEqual(opened, "Opened one.gpx (1 stop).")
    }

    /// A name with an invisible character would list like another: refused for a new trip or
    /// favourite, saying which; a trip saved with one before still opens and deletes.
    func testANameWithInvisibleCharactersIsRefused() async throws {
        try await choose("home", slot: 0)
        for (scalar, code) in [("\u{200B}", "U+200B"), ("\u{200D}", "U+200D"), ("\u{FEFF}", "U+FEFF"), ("\u{202E}", "U+202E"),
                               ("\u{2066}", "U+2066"), ("\u{2069}", "U+2069"), ("\u{202A}", "U+202A")] {
            let said = "A name cannot hold invisible characters (\(code) here); type it again without them."
            XCTAssertThrowsError(try planner.save(name: "Week\(scalar)end")) { XCTAssertEqual(($0 as? InputError)?.message, said) }
            XCTAssertThrowsError(try planner.favourite(slotAt: 0, name: "Ho\(scalar)me")) { XCTAssertEqual(($0 as? InputError)?.message, said) }
        }
        XCTAssertEqual(try store.trips().count, 0)
        XCTAssertEqual(try store.favourites().count, 0)
        // Letters of any script, accents and spaces are names as before.
        XCTAssertTrue(try planner.save(name: "Kesä Tallinna 東京").hasPrefix("Saved trip \"Kesä Tallinna 東京\""))
        // An older trip's name with one still opens and deletes.
        var old = try XCTUnwrap(try store.trip(named: "Kesä Tallinna 東京"))
        old.name = "Week\u{200B}end"
        try store.save(old)
        XCTAssertEqual(try planner.open(name: "Week\u{200B}end").components(separatedBy: "\n").first, "Opened trip \"Week\u{200B}end\".")
        XCTAssertEqual(try planner.delete(name: "Week\u{200B}end"), "Deleted trip \"Week\u{200B}end\".")
    }
}
