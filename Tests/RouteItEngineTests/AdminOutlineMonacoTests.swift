import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// Monaco's extract is mostly France: its whole town outlines (Monaco, Beausoleil, Cap-d'Ail, La
/// Turbie; Menton's, Roquebrune's and Èze's, and both countries', are cut by the extract) say
/// which town a place is in, and a place in France is never answered as Monaco (hostile round 7,
/// finding 11). Helsinki's extract has no whole outline: its answers keep the map's country.
final class AdminOutlineMonacoTests: XCTestCase {
    private func geocoder(_ extract: String) throws -> OfflineGeocoder { try RealMaps.geocoder(extract) }

    private func reverse(_ lat: Double, _ lon: Double, _ detail: ReverseDetail = .address) throws -> Placemark {
        try XCTUnwrap(geocoder("monaco.osm.pbf").reverse(Coordinate(latitude: lat, longitude: lon), detail: detail).answer)
    }

    /// Beausoleil's own town node is 10 m away; the map's addresses nearest it said Monaco.
    func testTownZoomInBeausoleilIsBeausoleilNotMonaco() throws {
        let town = try reverse(43.7482, 7.4220, .town)
        XCTAssertEqual(town.formattedAddress, "Beausoleil")
        XCTAssertNil(town.countryCode, "Beausoleil's outline is whole, but nothing in the map says its country")
    }

    /// Menton's outline is cut: its street keeps its town, and no country is claimed.
    func testAStreetInMentonIsNotInMonaco() throws {
        let street = try reverse(43.761399, 7.474137)
        XCTAssertEqual(street.formattedAddress, "Avenue de Verdun, Menton")
        XCTAssertNil(street.countryCode)
        XCTAssertNil(street.country)
        XCTAssertEqual(try reverse(43.761399, 7.474137, .town).formattedAddress, "Menton", "not \"Menton, Menton\"")
    }

    func testAStreetOfBeausoleilIsFoundInItsTown() throws {
        let g = try geocoder("monaco.osm.pbf")
        let inTown = try XCTUnwrap(g.search("Avenue de Verdun, Beausoleil").first)
        XCTAssertEqual([inTown.street, inTown.city], ["Avenue de Verdun", "Beausoleil"])
        XCTAssertNil(inTown.countryCode)
        XCTAssertEqual(try g.search("Avenue de Verdun").first?.formattedAddress, "Avenue de Verdun, Beausoleil")
    }

    /// Roquebrune-Cap-Martin's outline is cut: its streets beside Monaco's addresses take the
    /// nearest town node (the village, 900 m off), not Monaco, whose outline leaves them out; and a
    /// town of three words narrows a search.
    func testAStreetOfATownWithACutOutlineTakesItsTownNode() throws {
        let g = try geocoder("monaco.osm.pbf")
        let street = try XCTUnwrap(g.search("Avenue Jean Jaurès, Roquebrune-Cap-Martin").first)
        XCTAssertEqual([street.street, street.city], ["Avenue Jean Jaurès", "Roquebrune-Cap-Martin"])
        XCTAssertEqual(try reverse(43.7574, 7.4496).formattedAddress, "Avenue Jean Jaurès, Roquebrune-Cap-Martin")
        XCTAssertEqual(try g.search("Route de la Turbie, Cap-d'Ail").map(\.formattedAddress), ["Route de la Turbie, Cap-d'Ail"])
    }

    /// A postcode is lent only within one town's outline: Monaco's 98000 not to a pharmacy of
    /// Beausoleil across the street, but still to Monaco's own bus stops.
    func testMonacosPostcodeIsNotLentAcrossTheBorder() throws {
        let g = try geocoder("monaco.osm.pbf")
        let pharmacy = try XCTUnwrap(g.search("Pharmacie Azurea").first)
        XCTAssertEqual([pharmacy.city, pharmacy.postalCode], ["Beausoleil", nil])
        XCTAssertEqual(try g.search("Place du Casino").map(\.formattedAddress), ["Place du Casino, Monaco", "Place du Casino, 98000 Monaco"])
    }

    /// Points of the French towns around Monaco (Cap-d'Ail, Beausoleil, Menton, Roquebrune, Èze,
    /// La Turbie), at every detail: never Monaco's country.
    func testNoPlaceInFranceIsAnsweredAsMonaco() throws {
        let france = [(43.7216, 7.4050), (43.7482, 7.4220), (43.7580, 7.4700), (43.7614, 7.4741), (43.7220, 7.3900),
                      (43.7310, 7.3650), (43.7450, 7.4000)]
        for (lat, lon) in france {
            for detail in [ReverseDetail.address, .street, .suburb, .town] {
                let answer = try reverse(lat, lon, detail)
                XCTAssertNotEqual(answer.countryCode, "mc", "\(lat),\(lon) \(detail): \(answer.formattedAddress)")
                XCTAssertNotEqual(answer.city, "Monaco", "\(lat),\(lon) \(detail): \(answer.formattedAddress)")
            }
        }
    }

    /// Inside Monaco's whole outline its addresses say MC: Monaco.
    func testAPlaceInMonacoIsInMonaco() throws {
        let street = try reverse(43.7384, 7.4246)
        XCTAssertEqual([street.city, street.countryCode, street.country], ["Monaco", "mc", "Monaco"])
        let casino = try XCTUnwrap(geocoder("monaco.osm.pbf").search("Place du Casino").first)
        XCTAssertEqual([casino.city, casino.countryCode], ["Monaco", "mc"])
    }

    /// Helsinki's outlines are all cut and the file touches no other country: Finland, as before.
    func testHelsinkiKeepsTheMapsCountry() throws {
        let g = try geocoder("Helsinki.osm.pbf")
        let street = try XCTUnwrap(g.reverse(Coordinate(latitude: 60.1699, longitude: 24.9384)))
        XCTAssertEqual([street.city, street.countryCode, street.country], ["Helsinki", "fi", "Suomi"])
        XCTAssertEqual(try g.search("Annankatu 25").first?.countryCode, "fi")
    }
}
