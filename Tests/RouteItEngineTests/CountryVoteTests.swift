@testable import RouteItEngine
import XCTest

/// A map's country comes from its data (addr:country, else a country border), never a guess.
final class CountryVoteTests: XCTestCase {
    func testMostAddressesDecideAndBadCodesAreIgnored() {
        var vote = CountryVote()
        for value in ["MC", "mc", " MC ", "FR", "FR", "France", "F", "ÄÖ", "", nil] { vote.count(addressCountry: value) }
        XCTAssertEqual(vote.winner, "MC")
    }

    func testATieGoesToTheFirstCodeSoImportsAgree() {
        var vote = CountryVote()
        for value in ["SE", "FI", "FI", "SE"] { vote.count(addressCountry: value) }
        XCTAssertEqual(vote.winner, "FI")
    }

    func testACountryBorderDecidesWhenNoAddressSays() {
        var vote = CountryVote()
        let border = ["boundary": "administrative", "admin_level": "2", "ISO3166-1:alpha2": "MC"]
        vote.count(boundary: { border[$0] })
        XCTAssertEqual(vote.winner, "MC")
        let region = ["boundary": "administrative", "admin_level": "4", "ISO3166-1:alpha2": "FR"]
        vote.count(boundary: { region[$0] })
        XCTAssertEqual(vote.winner, "MC", "a region's border is not a country's")
        let neighbour = ["boundary": "administrative", "admin_level": "2", "ISO3166-1": "FR"]
        vote.count(boundary: { neighbour[$0] })
        XCTAssertNil(vote.winner, "two country borders and no address: no guess")
        vote.count(addressCountry: "FR")
        XCTAssertEqual(vote.winner, "FR")
    }

    func testNominatimNamesTheCountry() {
        XCTAssertEqual(CountryNames.name(ofCode: "FI"), "Suomi")
        XCTAssertEqual(CountryNames.name(ofCode: "mc"), "Monaco")
        XCTAssertNil(CountryNames.name(ofCode: "XX"))
    }
}
