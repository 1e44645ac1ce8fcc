import Foundation
import RouteItCore
import XCTest

/// A replay's planner store: no recent places but its own picks, which stay out of the user's;
/// trips and favourites are the user's.
final class ReplayPlannerStoreTests: XCTestCase {
    func item(_ street: String, lat: Double) -> MapItem {
        MapItem(placemark: Placemark(houseNumber: "1", street: street, postalCode: "00100", city: "Helsinki",
                                     coordinate: Coordinate(latitude: lat, longitude: 24.94)))
    }

    func testAReplayStartsWithNoRecentPlacesAndKeepsItsOwnToItself() throws {
        let user = MemoryPlannerStore()
        let earlier = item("Annankatu", lat: 60.165)
        try user.rememberPicked(earlier, at: Date())
        try user.setFavourite("home", item: earlier)
        let replay = ReplayPlannerStore(over: user)
        XCTAssertEqual(try replay.recentPlaces(), [], "the user's history is not the replay's")
        XCTAssertEqual(try replay.favourites().map(\.name), ["home"])

        let picked = item("Kaivokatu", lat: 60.170), again = item("Bulevardi", lat: 60.164)
        try replay.rememberPicked(picked, at: Date())
        try replay.rememberPicked(again, at: Date())
        try replay.rememberPicked(picked, at: Date())
        XCTAssertEqual(try replay.recentPlaces(), [picked, again], "newest first, each once")
        XCTAssertEqual(user.recent, [earlier], "the replay's picks are not added to the user's history")
    }
}
