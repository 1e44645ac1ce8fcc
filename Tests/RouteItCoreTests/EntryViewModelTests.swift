import XCTest
@testable import RouteItCore

final class EntryViewModelTests: XCTestCase {
    let home = MapItem(placemark: place("Home", street: "Mannerheimintie", number: "1"))
    let shop = MapItem(placemark: place("Shop", lat: 60.171))
    let gym = MapItem(placemark: place("Gym", lat: 60.172))

    func testStartsWithFromAndTwoEmptyStops() {
        let entry = EntryViewModel()
        XCTAssertEqual(entry.slots.count, 3)
        XCTAssertEqual(entry.slots, [EntrySlot(), EntrySlot(), EntrySlot()])
        XCTAssertEqual(EntryViewModel.label(forSlotAt: 0), "From")
        XCTAssertEqual(EntryViewModel.label(forSlotAt: 2), "Stop 2")
        XCTAssertFalse(entry.canRoute)
    }

    func testSlotNamesAndNumbers() throws {
        let entry = EntryViewModel()
        XCTAssertEqual(try entry.slotIndex(named: "1"), 0)
        XCTAssertEqual(try entry.slotIndex(named: "from"), 0)
        XCTAssertEqual(try entry.slotIndex(named: "FROM"), 0)
        XCTAssertEqual(try entry.slotIndex(named: "2"), 1)
        XCTAssertEqual(try entry.slotIndex(named: "stop1"), 1)
        XCTAssertEqual(try entry.slotIndex(named: "3"), 2)
        XCTAssertEqual(try entry.slotIndex(named: "stop2"), 2)
        for bad in ["0", "4", "stop3", "stop0", "x", "", "-1"] {
            XCTAssertThrowsError(try entry.slotIndex(named: bad), bad) { error in
                XCTAssertEqual((error as? InputError)?.message,
                               "No slot \"\(bad)\"; slots are 1-3 (from, stop1-stop2).")
            }
        }
    }

    func testTypingClearsThePlaceAndCheck() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        XCTAssertTrue(entry.start.isSelected)
        XCTAssertEqual(entry.start.text, "Home, Mannerheimintie 1, 00100 Helsinki")
        try entry.type("Somewhere else", inSlotAt: 0)
        XCTAssertEqual(entry.start, EntrySlot(text: "Somewhere else"))
        XCTAssertFalse(entry.start.isSelected)
    }

    /// The settled sentence first, word for word; then a typed slot without a place is named,
    /// with the command that chooses it (round 9b #19). An empty trip: the sentence alone.
    func testInvalidTripNamesTheTypedSlotsWithoutAPlace() throws {
        let sentence = "Please enter a valid starting point and at least one destination."
        func alert(_ entry: EntryViewModel) -> String? {
            do {
                _ = try entry.plannedTrip()
                return nil
            } catch {
                return (error as? Alert)?.message
            }
        }
        let entry = EntryViewModel(stopCount: 3)
        XCTAssertEqual(alert(entry), sentence, "an empty trip")
        try entry.type("Annankatu 25", inSlotAt: 0)
        try entry.select(shop, forSlotAt: 2)
        XCTAssertEqual(alert(entry), sentence + " From (\"Annankatu 25\") has no chosen place; enter 1 to choose one.")
        try entry.select(home, forSlotAt: 0)
        try entry.type("Kalevankatu 20", inSlotAt: 2)
        try entry.type("Kaivokatu 1", inSlotAt: 3)
        XCTAssertEqual(alert(entry), sentence + " No stop has a chosen place: Stop 2 (\"Kalevankatu 20\"), Stop 3 (\"Kaivokatu 1\"); enter 3 to choose one.")
        try entry.type("Annankatu 25", inSlotAt: 0)
        XCTAssertEqual(alert(entry), sentence + " From (\"Annankatu 25\") has no chosen place; enter 1 to choose one."
                       + " No stop has a chosen place: Stop 2 (\"Kalevankatu 20\"), Stop 3 (\"Kaivokatu 1\"); enter 3 to choose one.")
        // A start never typed is not named (the sentence says it); the typed stops are.
        try entry.type("  ", inSlotAt: 0)
        XCTAssertEqual(alert(entry), sentence + " No stop has a chosen place: Stop 2 (\"Kalevankatu 20\"), Stop 3 (\"Kaivokatu 1\"); enter 3 to choose one.")
    }

    func testCanRouteNeedsStartAndOneStopWithPlaces() throws {
        let entry = EntryViewModel()
        try entry.type("typed only", inSlotAt: 0)
        try entry.type("typed only", inSlotAt: 1)
        XCTAssertFalse(entry.canRoute)
        XCTAssertThrowsError(try entry.trip()) { XCTAssertEqual($0 as? Alert, entry.invalidTripAlert) }
        XCTAssertEqual(Alert.invalidTrip.message,
                       "Please enter a valid starting point and at least one destination.")
        try entry.select(shop, forSlotAt: 2)
        XCTAssertFalse(entry.canRoute, "no start yet")
        try entry.select(home, forSlotAt: 0)
        XCTAssertTrue(entry.canRoute)
        try entry.type("edited", inSlotAt: 2)
        XCTAssertFalse(entry.canRoute, "editing the only stop invalidates it")
    }

    func testTripIsRoundTripOverSlotsWithPlacesInOrder() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        try entry.select(gym, forSlotAt: 2)
        XCTAssertEqual(try entry.trip().map(\.name), ["Home", "Gym", "Home"])
        try entry.select(shop, forSlotAt: 1)
        XCTAssertEqual(try entry.trip().map(\.name), ["Home", "Shop", "Gym", "Home"])
    }

    func testSwapExchangesStopsOneAndTwoEntirely() throws {
        let entry = EntryViewModel()
        try entry.select(shop, forSlotAt: 1)
        try entry.type("gym text", inSlotAt: 2)
        try entry.swapFirstTwoStops()
        XCTAssertEqual(entry.slots[1], EntrySlot(text: "gym text"))
        XCTAssertEqual(entry.slots[2].mapItem, shop)
        XCTAssertTrue(entry.slots[2].isSelected)
    }

    func testSwapAnyTwoSlots() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        try entry.type("b", inSlotAt: 2)
        try entry.swapSlots(0, 2)
        XCTAssertEqual(entry.slots[0], EntrySlot(text: "b"))
        XCTAssertEqual(entry.slots[2].mapItem, home)
        XCTAssertThrowsError(try entry.swapSlots(1, 1))
        XCTAssertThrowsError(try entry.swapSlots(1, 5))
    }

    func testAddUpToTwoHundredStops() throws {
        let entry = EntryViewModel()
        for _ in 0..<198 { try entry.addStop() }
        XCTAssertEqual(entry.stopCount, 200)
        XCTAssertEqual(try entry.slotIndex(named: "stop200"), 200)
        XCTAssertEqual(try entry.slotIndex(named: "201"), 200)
        let before = entry.slots
        XCTAssertThrowsError(try entry.addStop()) {
            XCTAssertEqual(($0 as? InputError)?.message, "A trip has at most 200 stops.")
        }
        XCTAssertEqual(entry.slots, before)
    }

    func testRemoveKeepsStartAndOneStop() throws {
        let entry = EntryViewModel()
        try entry.select(shop, forSlotAt: 1)
        try entry.select(gym, forSlotAt: 2)
        XCTAssertThrowsError(try entry.removeSlot(at: 0))
        try entry.removeSlot(at: 1)
        XCTAssertEqual(entry.stops.map(\.mapItem), [gym])
        XCTAssertThrowsError(try entry.removeSlot(at: 1)) {
            XCTAssertEqual(($0 as? InputError)?.message, "A trip needs at least one stop.")
        }
        XCTAssertEqual(entry.stops.map(\.mapItem), [gym])
    }

    func testRulesApplyToAddedStops() throws {
        let entry = EntryViewModel()
        try entry.addStop()
        try entry.select(home, forSlotAt: 0)
        try entry.select(gym, forSlotAt: 3)
        XCTAssertTrue(entry.canRoute)
        XCTAssertEqual(try entry.trip().map(\.name), ["Home", "Gym", "Home"])
        try entry.type("x", inSlotAt: 3)
        XCTAssertFalse(entry.canRoute)
    }

    func testReorderStops() throws {
        let entry = EntryViewModel()
        try entry.addStop()
        try entry.select(home, forSlotAt: 0)
        try entry.select(shop, forSlotAt: 1)
        try entry.select(gym, forSlotAt: 2)
        try entry.type("third", inSlotAt: 3)
        try entry.reorderStops([2, 1, 0])
        XCTAssertEqual(entry.slots.map(\.text), [home.placemark.formattedAddress, "third",
                                                 gym.placemark.formattedAddress, shop.placemark.formattedAddress])
        XCTAssertEqual(entry.start.mapItem, home)
        let before = entry.slots
        for bad in [[0, 1], [0, 0, 1], [0, 1, 3], [1, 2, 3, 0]] {
            XCTAssertThrowsError(try entry.reorderStops(bad), "\(bad)")
        }
        XCTAssertEqual(entry.slots, before)
    }

    // MARK: each place once

    /// Picking a place another slot holds (the same coordinates to 1e-6°, whatever its name) is
    /// refused with the other slot named, and the slot keeps its text and ✓.
    func testAPlaceAnotherSlotHoldsIsRefusedAndTheSlotKeptAsItWas() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        try entry.select(shop, forSlotAt: 1)
        try entry.type("typed", inSlotAt: 2)
        let before = entry.slots
        var sameAsShop = shop.placemark
        sameAsShop.name = "Shop's door"
        sameAsShop.coordinate.latitude += 4e-7
        XCTAssertThrowsError(try entry.select(MapItem(placemark: sameAsShop), forSlotAt: 2)) {
            XCTAssertEqual(($0 as? InputError)?.message, "That place is already Stop 1 (Shop, 00100 Helsinki); a trip visits each place once.")
        }
        XCTAssertThrowsError(try entry.select(home, forSlotAt: 2)) {
            XCTAssertEqual(($0 as? InputError)?.message,
                           "That place is already the start (Home, Mannerheimintie 1, 00100 Helsinki); a trip visits each place once.")
        }
        XCTAssertEqual(entry.slots, before)
        // A slot's own place again, or one a micro-degree away, is not a repeat.
        try entry.select(shop, forSlotAt: 1)
        var next = shop.placemark
        next.coordinate.latitude += 1e-6
        try entry.select(MapItem(placemark: next), forSlotAt: 2)
        XCTAssertTrue(entry.slots[2].isSelected)
    }

    /// `type SLOT LAT,LON` is the same pick: refused at a place another slot holds.
    func testTypingTheCoordinatesOfAnotherSlotIsRefused() throws {
        let entry = EntryViewModel()
        try entry.type("60.1699,24.9384", inSlotAt: 1)
        let before = entry.slots
        XCTAssertThrowsError(try entry.type("60.16990000, 24.9384", inSlotAt: 2)) {
            XCTAssertEqual(($0 as? InputError)?.message, "That place is already Stop 1 (60.169900,24.938400); a trip visits each place once.")
        }
        XCTAssertEqual(entry.slots, before)
    }

    /// Swapping the start and a stop moves places; it repeats none.
    func testSwappingTheStartAndAStopIsNoRepeat() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        try entry.select(shop, forSlotAt: 1)
        try entry.swapSlots(0, 1)
        try entry.swapFirstTwoStops()
        XCTAssertEqual(entry.slots.map(\.mapItem), [shop, nil, home])
    }

    /// The start has no stay, window or priority: a stop swapped into it loses them, said, and
    /// a trip that ended at that stop ends back at the start, said; the stop the start becomes
    /// has none of its own.
    func testAStopSwappedIntoTheStartLosesWhatTheStartCannotHave() throws {
        let entry = EntryViewModel()
        try entry.select(home, forSlotAt: 0)
        try entry.select(shop, forSlotAt: 1)
        try entry.setStay(30 * 60, forSlotAt: 1)
        try entry.setWindows([VisitWindow(from: 600, to: 660)], forSlotAt: 1)
        try entry.setPriority(.high, forSlotAt: 1)
        try entry.setEnd(.place(1))
        let notes = try entry.swapSlots(1, 0)
        XCTAssertEqual(notes, ["The start has no stay, window or priority: its stay 30m, window 10:00-11:00 and high priority are cleared.",
                               "The trip ended at that stop, now the start: it ends back at the start."])
        XCTAssertEqual(entry.slots.map(\.mapItem), [shop, home, nil])
        XCTAssertEqual(entry.slots.map(\.stay), [0, 0, 0])
        XCTAssertEqual(entry.slots.map(\.windows), [[], [], []])
        XCTAssertEqual(entry.slots.map(\.priority), [.normal, .normal, .normal])
        XCTAssertEqual(entry.day.end, .start)
        // Stops trading places keep theirs, and nothing is said.
        try entry.setStay(600, forSlotAt: 1)
        XCTAssertEqual(try entry.swapSlots(1, 2), [])
        XCTAssertEqual(entry.slots.map(\.stay), [0, 0, 600])
    }

    /// With the map's area known, `type SLOT LAT,LON` outside it is the map's one-line alert
    /// and the slot keeps its text and ✓; without an area (a routing server) it is taken.
    func testTypedCoordinatesOffTheMapAreRefused() throws {
        let helsinki = MapArea(name: "Helsinki", bounds: BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        let entry = EntryViewModel()
        try entry.select(shop, forSlotAt: 1)
        let before = entry.slots
        XCTAssertThrowsError(try entry.type("60.3,24.9", inSlotAt: 1, within: helsinki)) { error in
            XCTAssertEqual(error as? Alert, Alert("60.300000,24.900000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)."))
            XCTAssertEqual((error as? Alert)?.reason, .outsideMap)
        }
        XCTAssertEqual(entry.slots, before)
        // Latitude and longitude the wrong way round: the same line says which was meant.
        XCTAssertThrowsError(try entry.type("24.9410,60.1700", inSlotAt: 1, within: helsinki)) { error in
            XCTAssertEqual((error as? Alert)?.message,
                           "24.941000,60.170000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E) — did you mean 60.170000,24.941000 (latitude first)?")
        }
        XCTAssertEqual(entry.slots, before)
        try entry.type("60.17,24.95", inSlotAt: 2, within: helsinki)
        XCTAssertTrue(entry.slots[2].isSelected)
        try entry.type("60.3,24.9", inSlotAt: 1)
        XCTAssertEqual(entry.slots[1].text, "60.300000,24.900000")
    }
}
