import XCTest
@testable import RouteItCore

final class AddressPickerViewModelTests: XCTestCase {
    let candidates = [place("Annankatu 25", street: "Annankatu", number: "25"), place("Stockmann", street: "Aleksanterinkatu", number: "52")]

    func testRowsAreAddressesThenNoneOfTheAbove() async throws {
        let geocoder = StubGeocoder(candidates: ["anna": candidates])
        let picker = try await AddressPickerViewModel.search("anna", forSlotAt: 1, using: geocoder)
        XCTAssertEqual(picker.rows, ["Annankatu 25, 00100 Helsinki",
                                     "Stockmann, Aleksanterinkatu 52, 00100 Helsinki",
                                     "None of the above"])
        XCTAssertEqual(picker.slotIndex, 1)
        XCTAssertEqual(geocoder.queries, ["anna"])
        XCTAssertEqual(geocoder.nearPoints, [nil])
    }

    func testSearchPassesTheSearchCentreOn() async throws {
        let geocoder = StubGeocoder(candidates: ["anna": candidates])
        let centre = Coordinate(latitude: 60.17, longitude: 24.94)
        _ = try await AddressPickerViewModel.search("anna", forSlotAt: 0, near: centre, using: geocoder)
        XCTAssertEqual(geocoder.nearPoints, [centre])
    }

    func testNoCandidatesIsAddressNotFound() async {
        do {
            _ = try await AddressPickerViewModel.search("nowhere", forSlotAt: 0, using: StubGeocoder())
            XCTFail("expected the alert")
        } catch {
            XCTAssertEqual(error as? Alert, .addressNotFound)
            XCTAssertEqual((error as? Alert)?.message, "Address not found.")
        }
    }

    func testPickReturnsCandidateOrNilForLastRow() throws {
        let picker = AddressPickerViewModel(slotIndex: 0, query: "q", candidates: candidates)
        XCTAssertEqual(try picker.pick(row: 2)?.placemark, candidates[1])
        XCTAssertNil(try picker.pick(row: 3))
        for bad in [0, 4, -1] {
            XCTAssertThrowsError(try picker.pick(row: bad)) {
                XCTAssertEqual(($0 as? InputError)?.message, "No row \(bad); pick 1-3.")
            }
        }
    }
}

/// Recent places only among equals; identical rows told apart.
extension AddressPickerViewModelTests {
    func testARecentPlaceNeverComesAboveAnExactMatch() async throws {
        let square = place("Kauppatori", lat: 60.1672)
        let cafe = place("Kauppatorin Kahvila", lat: 60.1675)
        let geocoder = StubGeocoder(candidates: ["kauppatori": [square, place("Kauppatorin Kiosk")]])
        let recent = [PreferredPlace(item: MapItem(placemark: cafe))]
        let picker = try await AddressPickerViewModel.search("kauppatori", forSlotAt: 0, using: geocoder, preferred: recent)
        XCTAssertEqual(picker.candidates.map(\.name), ["Kauppatori", "Kauppatorin Kahvila", "Kauppatorin Kiosk"])
        XCTAssertEqual(picker.origins, [nil, "recent", nil])
        // Without the recent place, pick 1 is the same place.
        let fresh = try await AddressPickerViewModel.search("kauppatori", forSlotAt: 0, using: geocoder)
        XCTAssertEqual(try fresh.pick(row: 1)?.placemark, try picker.pick(row: 1)?.placemark)
    }

    func testRememberedPlacesComeFirstAmongEquallyGoodMatches() async throws {
        let here = place("Mannerheimintie 1", street: "Mannerheimintie", number: "1", lat: 60.17)
        let there = Placemark(houseNumber: "1", street: "Mannerheimintie", postalCode: "04200", city: "Kerava",
                              coordinate: Coordinate(latitude: 60.40, longitude: 25.10))
        let geocoder = StubGeocoder(candidates: ["mannerheimintie 1": [here, there], "home": [place("Home Bar")]])
        let remembered = [PreferredPlace(item: MapItem(placemark: there))]
        let picker = try await AddressPickerViewModel.search("mannerheimintie 1", forSlotAt: 0, using: geocoder, preferred: remembered)
        XCTAssertEqual(picker.candidates, [there, here], "both exact: the recent one first")
        // A favourite named as typed is an exact match too.
        let home = PreferredPlace(item: MapItem(placemark: place("Kotikatu 3")), favouriteName: "home")
        let favourites = try await AddressPickerViewModel.search("home", forSlotAt: 0, using: geocoder, preferred: [home])
        XCTAssertEqual(favourites.candidates.map(\.name), ["Kotikatu 3", "Home Bar"])
    }

    /// A favourite named like an address (a slip: "Kalevankatu 20" naming Annankatu 25) comes
    /// after that address's exact match, still above the other remembered places and the
    /// geocoder's other rows (round 9b #17).
    func testAFavouriteNamedLikeAnAddressNeverComesAboveItsExactMatch() async throws {
        let kalevankatu = place("Kalevankatu 20", street: "Kalevankatu", number: "20", lat: 60.1670)
        let nearby = place("Kalevankatu 22", street: "Kalevankatu", number: "22", lat: 60.1671)
        let geocoder = StubGeocoder(candidates: ["Kalevankatu 20": [kalevankatu, nearby]])
        let slip = PreferredPlace(item: MapItem(placemark: place("Annankatu 25", street: "Annankatu", number: "25", lat: 60.1675)),
                                  favouriteName: "Kalevankatu 20")
        let picker = try await AddressPickerViewModel.search("Kalevankatu 20", forSlotAt: 1, using: geocoder, preferred: [slip])
        XCTAssertEqual(picker.candidates.map(\.name), ["Kalevankatu 20", "Annankatu 25", "Kalevankatu 22"])
        XCTAssertEqual(picker.origins, [nil, "favourite \"Kalevankatu 20\"", nil])
        XCTAssertEqual(try picker.pick(row: 1)?.placemark, kalevankatu, "pick 1 is the address typed, for everyone")
    }

    /// A number typed is a whole number of the place's: a coordinate favourite is not what
    /// nearby or swapped numbers name, nor is Annankatu 25 what "annankatu 2" names.
    func testANumberMatchesARememberedPlaceOnlyWhole() {
        let home = PreferredPlace(item: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.171494, longitude: 24.940961))),
                                  favouriteName: "home")
        for typed in ["60.17 24.94", "24.94 60.17", "60,17 24,94", "60.17"] { XCTAssertFalse(home.matches(typed), typed) }
        XCTAssertTrue(home.matches("60.171494,24.940961"))
        XCTAssertTrue(home.matches("hom"))
        let office = PreferredPlace(item: MapItem(placemark: Placemark(name: "Annankatu 25 B", houseNumber: "25 B", street: "Annankatu",
                                                                       coordinate: Coordinate(latitude: 60.1656, longitude: 24.9371))))
        XCTAssertFalse(office.matches("annankatu 2"))
        XCTAssertTrue(office.matches("annankatu 25"))
        XCTAssertTrue(office.matches("annank 25b") || office.matches("annank 25"), "a street begun, its number whole")
    }

    func testIdenticalRowsAreToldApart() async throws {
        let north = Placemark(street: "Annankatu", postalCode: "00120", city: "Helsinki", coordinate: Coordinate(latitude: 60.1665, longitude: 24.9390))
        let south = Placemark(street: "Annankatu", postalCode: "00120", city: "Helsinki", coordinate: Coordinate(latitude: 60.1620, longitude: 24.9390))
        let other = place("Annan Kahvila")
        let geocoder = StubGeocoder(candidates: ["annankatu": [north, south, other]])
        let picker = try await AddressPickerViewModel.search("annankatu", forSlotAt: 0, using: geocoder)
        XCTAssertEqual(picker.rows[0], picker.rows[1])
        XCTAssertEqual(picker.differences, [nil, "500 m south of 1", nil])
        let here = Coordinate(latitude: 60.1665, longitude: 24.9400)
        let located = try await AddressPickerViewModel.search("annankatu", forSlotAt: 0, near: here, using: geocoder, unit: .kilometres)
        XCTAssertEqual(located.differences, ["60 m away", "500 m away", nil])
    }

    func testIdenticalRowsAreToldApartByDistrictAndKindBeforeDistance() async throws {
        func annankatu(_ lat: Double, suburb: String?, category: String? = nil) -> Placemark {
            Placemark(name: category == nil ? nil : "Annankatu", street: category == nil ? "Annankatu" : nil, postalCode: "00120",
                      city: "Helsinki", coordinate: Coordinate(latitude: lat, longitude: 24.9390), category: category, suburb: suburb)
        }
        let kamppi = annankatu(60.1665, suburb: "Kamppi"), punavuori = annankatu(60.1620, suburb: "Punavuori")
        let stop = annankatu(60.1630, suburb: "Punavuori", category: "highway=bus_stop")
        let twin = annankatu(60.1610, suburb: "Punavuori")
        var geocoder = StubGeocoder(candidates: ["annankatu": [kamppi, punavuori]])
        var picker = try await AddressPickerViewModel.search("annankatu", forSlotAt: 0, using: geocoder)
        XCTAssertEqual(picker.differences, ["Kamppi", "Punavuori"], "the district tells them apart: no distance needed")
        // A bus stop named after the street reads the same as the street: its kind says which.
        geocoder = StubGeocoder(candidates: ["annankatu": [kamppi, punavuori, stop, twin]])
        picker = try await AddressPickerViewModel.search("annankatu", forSlotAt: 0, using: geocoder)
        XCTAssertEqual(picker.rows[2], picker.rows[1])
        XCTAssertEqual(picker.differences, ["Kamppi, street", "Punavuori, street, 500 m south of 1", "Punavuori, bus stop",
                                            "Punavuori, street, 610 m south of 1"], "two streets in one district: where each is")
        // With a location the distance from it follows.
        let here = Coordinate(latitude: 60.1665, longitude: 24.9400)
        let located = try await AddressPickerViewModel.search("annankatu", forSlotAt: 0, near: here, using: geocoder)
        XCTAssertEqual(located.differences[0], "Kamppi, street, 60 m away")
    }
}
