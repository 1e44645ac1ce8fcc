import XCTest
import RouteItCore
@testable import RouteItEngine

/// A street turning into another where only footways join is no intersection for a car (OSRM's
/// car graph has none there): the change of street is a name change, folded when short.
final class ModeThroughNodeTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func network(sideWay highway: String) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("J", 0, 0); f.node("W", -300, 0); f.node("N", 0, 200)
        f.street(1, ["S", "J"], "Itä")
        f.street(2, ["J", "W"], "Länsi")
        f.way(3, ["J", "N"], [("highway", highway)])
        return try f.build()
    }

    func testAStreetBendingIntoAnotherPastAFootwayIsANameChangeForACar() throws {
        let d = try network(sideWay: "footway")
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0)).first),
                       ["Head north on Itä", "Continue onto Länsi", "Arrive at your destination"])
        // 50 m of Länsi: a short name change, folded away.
        XCTAssertEqual(instructions(try d.route((0, -200), (-50, 0)).first),
                       ["Head north on Itä", "Arrive at your destination"])
        // Walkers could go on along the footway: a turn.
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0), .walk).first),
                       ["Head north on Itä", "Turn left onto Länsi", "Arrive at your destination"])
    }

    func testWhereACarCouldGoOnItIsATurn() throws {
        let d = try network(sideWay: "residential")
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0)).first),
                       ["Head north on Itä", "Turn left onto Länsi", "Arrive at your destination"])
    }
}
