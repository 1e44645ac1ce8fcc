import XCTest
import RouteItCore
@testable import RouteItEngine

/// A turn whose first junction, a few metres on, is passed silently bending the same way is one
/// turn where the two go together (OSRM's `maneuverSucceededBySuppressedDirection`), read on the
/// bearings OSRM's steps keep: exactly back the way the trip came, it is "Turn around" (Monaco
/// bike and car trips: a right turn and a 30° bend 21 m on, "turn uturn" in osrm-routed).
final class SilentBendAfterTurnTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func point(_ bearing: Double, _ metres: Double, from origin: (Double, Double) = (0, 0)) -> (Double, Double) {
        (origin.0 + metres * sin(bearing * .pi / 180), origin.1 + metres * cos(bearing * .pi / 180))
    }

    /// Meno runs east through N; Paluu leaves N heading 240° (a 150° right turn) and, `bendAt`
    /// metres on at B, bends 30° right to head due west, back the way Meno came, for 300 m. Side
    /// streets leave B heading south and C, 100 m past B, heading north (the junctions after
    /// the first do not change what the turn is).
    private func turnAndBend(bendAt: Double) throws -> (OfflineDirections, to: (Double, Double)) {
        var f = RoadFixture()
        let b = point(240, bendAt, from: (300, 0)), end = point(270, 300, from: b), side = point(180, 200, from: b)
        let c = point(270, 100, from: b), north = point(0, 200, from: c)
        f.node("A", 0, 0); f.node("N", 300, 0); f.node("E", 600, 0)
        f.node("B", b.0, b.1); f.node("C", c.0, c.1); f.node("W", end.0, end.1)
        f.node("S", side.0, side.1); f.node("T", north.0, north.1)
        f.street(1, ["A", "N", "E"], "Meno")
        f.street(2, ["N", "B", "C", "W"], "Paluu")
        f.way(3, ["B", "S"], [("highway", "residential")])
        f.way(4, ["C", "T"], [("highway", "residential")])
        return (try f.build(), point(270, 250, from: b))
    }

    func testATurnAndASilentBendHeadingExactlyBackAreTurningAround() throws {
        let (d, to) = try turnAndBend(bendAt: 21)
        for mode in [TransportType.bike, .car] {
            XCTAssertEqual(instructions(try d.route((100, 0), to, mode).first),
                           ["Head east on Meno", "Turn around onto Paluu", "Arrive at your destination"], "\(mode)")
        }
    }

    /// The same bend past the collapse distance (30 m) is a junction of its own: the turn is
    /// told as it is taken.
    func testABendFurtherOnLeavesTheTurnAsItIs() throws {
        let (d, to) = try turnAndBend(bendAt: 45)
        XCTAssertEqual(instructions(try d.route((100, 0), to, .bike).first),
                       ["Head east on Meno", "Turn sharp right onto Paluu", "Arrive at your destination"])
    }
}
