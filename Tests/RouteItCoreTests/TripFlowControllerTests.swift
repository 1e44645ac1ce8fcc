import XCTest
@testable import RouteItCore

final class TripFlowControllerTests: XCTestCase {
    var geocoder: StubGeocoder!
    var router: StubDirections!
    var flow: TripFlowController!

    override func setUp() {
        geocoder = StubGeocoder(candidates: [
            "home": [place("Home", street: "Mannerheimintie", number: "1"), place("Home 2", lat: 60.169)],
            "shop": [place("Shop", lat: 60.171)],
        ], nearest: place("Station", street: "Kaivokatu", number: "1"))
        router = StubDirections()
        router.set("Home", "Shop", [makeRoute(minutes: 4, metres: 1000)])
        router.set("Shop", "Home", [makeRoute(minutes: 5, metres: 1200)])
        flow = TripFlowController(geocoder: geocoder, directions: router,
                                  location: LocationViewModel(provider: FixedLocationProvider(LocationViewModel.defaultLocation)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                  attribution: "© OpenStreetMap contributors")
    }

    func testEnterShowsPickerAndPickFillsSlot() async throws {
        try flow.editTrip { try $0.type("home", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        guard case .picker(let picker) = flow.screen else { return XCTFail("expected the picker") }
        XCTAssertEqual(picker.rows.last, "None of the above")
        try flow.pick(row: 1)
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.start.text, "Home, Mannerheimintie 1, 00100 Helsinki")
        XCTAssertTrue(flow.entry.start.isSelected)
    }

    func testLookupIsRankedForTheCurrentLocation() async throws {
        try flow.location.setLocation(latitude: 60.2, longitude: 24.9)
        try flow.editTrip { try $0.type("shop", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        XCTAssertEqual(geocoder.nearPoints, [Coordinate(latitude: 60.2, longitude: 24.9)])
    }

    func testNoneOfTheAboveClosesPickerWithoutChange() async throws {
        try flow.editTrip { try $0.type("home", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        try flow.pick(row: 3)
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.start, EntrySlot(text: "home"))
    }

    func testTypingCoordinatesChoosesThatPlaceAsTheToolsDo() throws {
        try flow.editTrip { try $0.type("60.17, 24.94", inSlotAt: 1) }
        XCTAssertTrue(flow.entry.slots[1].isSelected)
        XCTAssertEqual(flow.entry.slots[1].mapItem?.coordinate, Coordinate(latitude: 60.17, longitude: 24.94))
        XCTAssertEqual(flow.entry.slots[1].text, "60.170000,24.940000")
        for text in ["60.17,124.94x", "0x10,24.94", "91,24.94", "Annankatu 25"] {
            try flow.editTrip { try $0.type(text, inSlotAt: 2) }
            XCTAssertFalse(flow.entry.slots[2].isSelected, text)
            XCTAssertEqual(flow.entry.slots[2].text, text)
        }
    }

    /// A slot whose text is `LAT,LON` but has no ✓ (`use` of another map, then back) is that
    /// place again when entered, checked as `type` checks it; the geocoder is not asked.
    func testEnteringACoordinateTextChoosesThatPlaceAgain() async throws {
        let helsinki = MapArea(name: "Helsinki", bounds: BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        let monaco = MapArea(name: "Monaco", bounds: BoundingBox(minLatitude: 43.72, minLongitude: 7.40, maxLatitude: 43.76, maxLongitude: 7.44))
        try flow.editTrip { try $0.type("60.170000,24.941000", inSlotAt: 1) }
        flow.entry.deselectPlaces { !monaco.contains($0.coordinate) }
        XCTAssertEqual(flow.entry.slots[1], EntrySlot(text: "60.170000,24.941000"))
        // On a map it lies outside, it stays unchosen, as `type` leaves it.
        do {
            try await flow.enter(slotAt: 1, within: monaco)
            XCTFail("a place off the map was chosen")
        } catch let alert as Alert {
            XCTAssertEqual(alert.reason, .outsideMap)
        }
        XCTAssertEqual(flow.entry.slots[1], EntrySlot(text: "60.170000,24.941000"))
        try await flow.enter(slotAt: 1, within: helsinki)
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.slots[1].mapItem?.coordinate, Coordinate(latitude: 60.17, longitude: 24.941))
        XCTAssertEqual(flow.entry.slots[1].text, "60.170000,24.941000")
        XCTAssertTrue(geocoder.queries.isEmpty, "\(geocoder.queries)")
        // Another slot's place is refused as `type` refuses it.
        try flow.editTrip { $0.deselectPlaces { _ in true } }
        try flow.editTrip { try $0.type("60.1700001, 24.941", inSlotAt: 2) }
        do {
            try await flow.enter(slotAt: 1, within: helsinki)
            XCTFail("a place another slot holds was chosen")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "That place is already Stop 2 (60.170000,24.941000); a trip visits each place once.")
        }
        XCTAssertFalse(flow.entry.slots[1].isSelected)
    }

    /// One rule while the picker is open (round 9b #20): every edit, `route` and `optimize` are
    /// refused with the same line, the picker still open; only new text for the picker's own
    /// slot closes it (its rows were for the old text).
    func testAnOpenPickerRefusesEveryEditButNewTextForItsSlot() async throws {
        try flow.editTrip { try $0.type("home", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        let refusal = "Choose an address first: pick 1-3, or back."
        func assertRefused(_ what: String, _ command: () async throws -> Void) async {
            do {
                try await command()
                XCTFail("\(what) went on with the picker open")
            } catch let error as InputError {
                XCTAssertEqual(error.message, refusal, what)
            } catch {
                XCTFail("\(what): \(error)")
            }
            XCTAssertEqual(flow.screen.name, "picker", what)
        }
        await assertRefused("type of another slot") { try self.flow.type("shop", inSlotAt: 1) }
        await assertRefused("add") { try self.flow.editTrip { try $0.addStop() } }
        await assertRefused("swap") { try self.flow.editTrip { try $0.swapFirstTwoStops() } }
        await assertRefused("route") { try await self.flow.route() }
        await assertRefused("optimize") { _ = try await self.flow.optimize() }
        XCTAssertEqual(flow.entry.slots[1].text, "")
        XCTAssertEqual(flow.entry.slots.count, 3)
        // New text for the picker's own slot: the rows were for "home", so it closes unchosen.
        try flow.type("shop", inSlotAt: 0)
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.start, EntrySlot(text: "shop"))
        try flow.type("home", inSlotAt: 1)
        XCTAssertEqual(flow.entry.slots[1].text, "home")
    }

    func testPickOutOfRangeKeepsPickerOpen() async throws {
        try flow.editTrip { try $0.type("home", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        XCTAssertThrowsError(try flow.pick(row: 9))
        XCTAssertEqual(flow.screen.name, "picker")
        XCTAssertThrowsError(try flow.editTrip { try $0.type("x", inSlotAt: 1) }, "no editing while picking")
        XCTAssertEqual(flow.entry.slots[1].text, "")
        try flow.back()
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.start, EntrySlot(text: "home"))
    }

    func testAddressNotFoundStaysOnEntry() async throws {
        try flow.editTrip { try $0.type("atlantis", inSlotAt: 1) }
        await assertThrows(Alert.addressNotFound) { try await self.flow.enter(slotAt: 1) }
        XCTAssertEqual(flow.screen.name, "entry")
    }

    func testEnterEmptySlotIsInputError() async {
        do {
            try await flow.enter(slotAt: 2)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual((error as? InputError)?.message, "Slot 3 is empty; type an address first: type 3 TEXT")
        }
        XCTAssertTrue(geocoder.queries.isEmpty)
    }

    func testPickWithoutPickerAndBackAtEntryAreErrors() {
        XCTAssertThrowsError(try flow.pick(row: 1))
        XCTAssertThrowsError(try flow.back())
        XCTAssertEqual(flow.screen.name, "entry")
    }

    func testRouteValidatesThenShowsDirectionsAndBack() async throws {
        await assertThrows(Alert.invalidTrip) { try await self.flow.route() }
        try await planHomeToShop()
        try await flow.route()
        guard case .directions(let directions) = flow.screen else { return XCTFail("expected directions") }
        XCTAssertEqual(directions.legs.count, 2)
        XCTAssertEqual(directions.totalTravelTime, 9 * 60)
        XCTAssertEqual(directions.attribution, "© OpenStreetMap contributors")
        try flow.back()
        XCTAssertEqual(flow.screen.name, "entry")
    }

    func testRouteWithoutDirectionsStaysOnEntry() async throws {
        try await planHomeToShop()
        router.routes[.init(from: "Shop", to: "Home")] = nil
        await assertThrows(Alert("Directions not available. No route from Stop 1 (Shop, 00100 Helsinki) to the start (Home, Mannerheimintie 1, 00100 Helsinki).")) { try await self.flow.route() }
        XCTAssertEqual(flow.screen.name, "entry")
    }

    func testEditingFromDirectionsReturnsToEntry() async throws {
        try await planHomeToShop()
        try await flow.route()
        try flow.editTrip { try $0.swapFirstTwoStops() }
        XCTAssertEqual(flow.screen.name, "entry")
        XCTAssertEqual(flow.entry.slots[2].mapItem?.name, "Shop")
    }

    func testModeChangeClosesDirectionsButUnitsDoNot() async throws {
        try await planHomeToShop()
        try await flow.route()
        flow.setDistanceUnit(.kilometres)
        XCTAssertEqual(flow.screen.name, "directions")
        XCTAssertEqual(flow.settings.distanceUnit, .kilometres)
        flow.setTransportType(.walk)
        XCTAssertEqual(flow.screen.name, "entry")
        try await flow.route()
        XCTAssertEqual(router.requests.last?.transportType, .walk)
    }

    func testLocateFillsStartWithCheck() async throws {
        try await flow.locate()
        XCTAssertEqual(flow.entry.start.text, "Station, Kaivokatu 1, 00100 Helsinki")
        XCTAssertTrue(flow.entry.start.isSelected)
    }

    func testCancelledRouteLeavesEntry() async throws {
        try await planHomeToShop()
        router.delays[.init(from: "Home", to: "Shop")] = 60_000
        // The test awaits the task before it reads the flow again.
        nonisolated(unsafe) let flow = self.flow!
        let asked = router.requests.count
        let task = Task { try await flow.route() }
        let waiting = await router.waitForRequests(asked + 1)   // the leg is waiting for its answer
        XCTAssertTrue(waiting)
        task.cancel()
        do {
            try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(router.cancelled, 1, "the cancel reached the waiting leg")
        XCTAssertEqual(flow.screen.name, "entry")
    }

    /// `pick` of a place another slot holds is refused: the slot keeps its text, the picker stays
    /// open for another row (or back), and the place is not remembered as picked.
    func testPickingThePlaceAnotherSlotHoldsKeepsThePickerOpen() async throws {
        try await planHomeToShop()
        var remembered: [MapItem] = []
        flow.onPlacePicked = { remembered.append($0) }
        try flow.editTrip { try $0.type("home", inSlotAt: 2) }
        try await flow.enter(slotAt: 2)
        XCTAssertThrowsError(try flow.pick(row: 1)) {
            XCTAssertEqual(($0 as? InputError)?.message,
                           "That place is already the start (Home, Mannerheimintie 1, 00100 Helsinki); a trip visits each place once.")
        }
        XCTAssertEqual(flow.screen.name, "picker")
        XCTAssertEqual(flow.entry.slots[2], EntrySlot(text: "home"))
        XCTAssertEqual(remembered, [])
        try flow.pick(row: 2)   // Home 2: another place
        XCTAssertEqual(flow.entry.slots[2].text, "Home 2, 00100 Helsinki")
    }

    /// `locate` into the start at a place a stop holds is refused too.
    func testLocatingAtAStopsPlaceIsRefused() async throws {
        try flow.editTrip { try $0.select(MapItem(placemark: self.pointPlace("60.170000,24.940000")), forSlotAt: 1) }
        let before = flow.entry.slots
        do {
            try await flow.locate()
            XCTFail("expected the refusal")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "That place is already Stop 1 (60.170000,24.940000); a trip visits each place once.")
        }
        XCTAssertEqual(flow.entry.slots, before)
    }

    /// `stops FILE` keeps the start: a line at the start's place is refused with its line number,
    /// and the trip is unchanged.
    func testAStopListWithTheStartsPlaceChangesNothing() async throws {
        try await planHomeToShop()
        let before = flow.entry.slots
        do {
            try await flow.loadStops([StopListLine(line: 1, query: "shop"), StopListLine(line: 3, query: "60.17,24.94")])
            XCTFail("expected the refusal")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "Line 3 (60.170000,24.940000) is the same place as the start; list each stop once.")
        }
        XCTAssertEqual(flow.entry.slots, before)
        try await flow.loadStops([StopListLine(line: 1, query: "shop"), StopListLine(line: 2, query: "60.18,24.94")])
        XCTAssertEqual(flow.entry.stops.map(\.text), ["Shop, 00100 Helsinki", "60.180000,24.940000"])
    }

    /// With the map's area known, a list's LAT,LON lines off it are refused together, each by
    /// its line, as `type` refuses one; the trip is unchanged (they were ticked, and `route`
    /// failed naming a coordinate but no line).
    func testAStopListWithPlacesOffTheMapChangesNothing() async throws {
        try await planHomeToShop()
        let before = flow.entry.slots
        let helsinki = MapArea(name: "Helsinki", bounds: BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        do {
            try await flow.loadStops([StopListLine(line: 1, query: "0,0"), StopListLine(line: 2, query: "60.17,24.945"),
                                      StopListLine(line: 4, query: "24.94,60.17")], within: helsinki)
            XCTFail("expected the refusal")
        } catch let alert as Alert {
            XCTAssertTrue(alert.message.hasPrefix("2 places are outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E): line 1 (\"0,0\") and line 4 (\"24.94,60.17\")"), alert.message)
            XCTAssertEqual(alert.reason, .outsideMap)
        }
        XCTAssertEqual(flow.entry.slots, before)
        try await flow.loadStops([StopListLine(line: 2, query: "60.17,24.945")], within: helsinki)
        XCTAssertEqual(flow.entry.stops.map(\.text), ["60.170000,24.945000"])
    }

    private func pointPlace(_ text: String) -> Placemark { Placemark(coordinate: Coordinate(text: text)!) }

    private func planHomeToShop() async throws {
        try flow.editTrip { try $0.type("home", inSlotAt: 0) }
        try await flow.enter(slotAt: 0)
        try flow.pick(row: 1)
        try flow.editTrip { try $0.type("shop", inSlotAt: 1) }
        try await flow.enter(slotAt: 1)
        try flow.pick(row: 1)
    }

    private func assertThrows(_ alert: Alert, line: UInt = #line, _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected \(alert)", line: line)
        } catch {
            XCTAssertEqual(error as? Alert, alert, line: line)
        }
    }
}
