import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's `maneuverSucceededBySuppressedDirection` with a name change as the maneuver: a new
/// street that bends off at the first junction it passes, within the collapse distance, makes
/// the name change a turn (kept however short the street), in every mode's post-processing.
final class NameChangeIntoSuppressedBendTests: XCTestCase, HandMadeJunctions {
    /// Alku runs 300 m east to J, where it goes on straight as Uusi; `bendAt` metres on, at K,
    /// Uusi bends 50° right while a side street Sivu leaves 100° left, and 60 m further Uusi
    /// goes on straight as Loppu. Uusi is short enough that a plain name change onto it folds away.
    private func street(bendAt: Double) throws -> OfflineDirections {
        var f = RoadFixture()
        let k = (bendAt, 0.0)
        let l = point(60, -50, from: k)
        let end = point(300, -50, from: l)
        let side = point(150, 100, from: k)
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("K", k.0, k.1); f.node("L", l.0, l.1)
        f.node("E", end.0, end.1); f.node("S", side.0, side.1)
        f.street(1, ["A", "J"], "Alku", highway: "tertiary")
        f.street(2, ["J", "K", "L"], "Uusi", highway: "tertiary")
        f.street(3, ["L", "E"], "Loppu", highway: "tertiary")
        f.street(4, ["K", "S"], "Sivu")
        return try f.build()
    }

    private func ride(_ d: OfflineDirections, bendAt: Double, _ mode: TransportType) throws -> Route {
        let k = (bendAt, 0.0)
        return try XCTUnwrap(d.route((-250, 0), point(250, -50, from: point(60, -50, from: k)), mode).first)
    }

    func testANameChangeBendingOffAtAJunctionRightAfterIsATurn() throws {
        let d = try street(bendAt: 20)
        for mode in [TransportType.bike, .car] {
            let route = try ride(d, bendAt: 20, mode)
            XCTAssertEqual(names(route), ["Alku", "Uusi", "Loppu"], "\(mode): \(instructions(route))")
            XCTAssertEqual(instructions(route)[1], "Turn right onto Uusi", "\(mode)")
        }
    }

    /// Past the collapse distance (30 m for bicycles and cars) the bend is a suppressed turn of
    /// its own and the short name change folds away.
    func testABendFurtherOnLeavesTheNameChangeANameChange() throws {
        let d = try street(bendAt: 40)
        for mode in [TransportType.bike, .car] {
            let route = try ride(d, bendAt: 40, mode)
            XCTAssertEqual(names(route), ["Alku", "Loppu"], "\(mode): \(instructions(route))")
        }
    }
}
