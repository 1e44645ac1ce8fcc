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
