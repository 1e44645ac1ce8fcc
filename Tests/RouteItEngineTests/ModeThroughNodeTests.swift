import XCTest
import RouteItCore
@testable import RouteItEngine

/// A street turning into another where only footways join is no intersection for a car (OSRM's
/// car graph has none there): the change of street is a name change, folded when short, said
/// with the way the road bends (OSRM's `new name left`).
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
                       ["Head north on Itä", "Continue left onto Länsi", "Arrive at your destination"])
        // 50 m of Länsi: a short name change, folded away.
        XCTAssertEqual(instructions(try d.route((0, -200), (-50, 0)).first),
                       ["Head north on Itä", "Arrive at your destination"])
        // Walkers could go on along the footway, but a footway never looks as obvious as the
        // street: a name change for them too. OSRM 26.10 (foot.lua) on this very junction, built
        // as an OSM file, answers "new name left" onto Länsi.
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0), .walk).first),
                       ["Head north on Itä", "Continue left onto Länsi", "Arrive at your destination"])
    }

    func testWhereACarCouldGoOnItIsATurn() throws {
        let d = try network(sideWay: "residential")
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0)).first),
                       ["Head north on Itä", "Turn left onto Länsi", "Arrive at your destination"])
    }

    /// Ensi ends where Toinen begins, 60° to the right, with no other way there: a car and a
    /// cyclist are told the new name, not a turn (OSRM 26.10 with bicycle.lua on this very
    /// junction, built as an OSM file, answers "new name right" onto Toinen).
    func testABendWhereOneStreetEndsAndTheNextBeginsIsANameChangeForACar() throws {
        var f = RoadFixture()
        f.node("A", 0, -300); f.node("B", 0, 0); f.node("C", 300 * sin(60 * .pi / 180), 300 * cos(60 * .pi / 180))
        f.street(1, ["A", "B"], "Ensi")
        f.street(2, ["B", "C"], "Toinen")
        let d = try f.build()
        let end: (Double, Double) = (280 * sin(60 * Double.pi / 180), 280 * cos(60 * Double.pi / 180))
        XCTAssertEqual(instructions(try d.route((0, -200), end).first),
                       ["Head north on Ensi", "Continue right onto Toinen", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -200), end, .bike).first),
                       ["Head north on Ensi", "Continue right onto Toinen", "Arrive at your destination"])
        // Walkers: the only way on is the obvious one, so a new name there is a name change
        // (OSRM's foot guidance, `WalkingGuidanceTests`).
        XCTAssertEqual(instructions(try d.route((0, -200), end, .walk).first),
                       ["Head north on Ensi", "Continue right onto Toinen", "Arrive at your destination"])
    }
}
