import XCTest
import RouteItCore
@testable import RouteItEngine

/// A cyclist's steps read like OSRM's with bicycle.lua: footways and paths beside a street make
/// no fork of it, and a fork is judged where the ways split, not after they curve away.
final class BicycleGuidanceTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func point(_ bearing: Double, _ metres: Double, from origin: (Double, Double) = (0, 0)) -> (Double, Double) {
        (origin.0 + metres * sin(bearing * .pi / 180), origin.1 + metres * cos(bearing * .pi / 180))
    }

    /// A street bending 15° left where a footway leaves 20° right: riding on along the street
    /// is no fork (OSRM: a street and a footway are no fork pair; the footway may be ignored).
    func testAFootwayBesideAStreetMakesNoForkForACyclist() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("Y", 0, 0)
        let n = point(-15, 300), w = point(20, 300)
        f.node("N", n.0, n.1); f.node("W", w.0, w.1)
        f.street(1, ["S", "Y", "N"], "Runko")
        f.way(2, ["Y", "W"], [("highway", "footway")])
        let d = try f.build()
        let along = point(-15, 250)
        XCTAssertEqual(instructions(try d.route((0, -200), along, .bike).first),
                       ["Head north on Runko", "Arrive at your destination"])
        // Onto the footway: a slight turn to push along it, no fork either.
        let onFootway = instructions(try d.route((0, -200), point(20, 250), .bike).first)
        XCTAssertFalse(onFootway.contains { $0.hasPrefix("Keep") }, "\(onFootway)")
        XCTAssertTrue(onFootway.contains { $0.hasSuffix("(push your bike)") }, "\(onFootway)")
    }

    /// Two streets splitting 20° left and 25° right, the right one curving away to 70° after
    /// 12 m: OSRM reads the split near the junction, so taking either side is a fork.
    func testAForkIsJudgedWhereTheWaysSplit() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("Y", 0, 0)
        let l = point(-20, 300), r1 = point(25, 12), r2 = point(70, 300, from: r1)
        f.node("L", l.0, l.1); f.node("R1", r1.0, r1.1); f.node("R2", r2.0, r2.1)
        f.street(1, ["S", "Y"], "Runko")
        f.street(2, ["Y", "L"], "Vasen")
        f.street(3, ["Y", "R1", "R2"], "Oikea")
        let d = try f.build()
        let right = point(70, 250, from: r1)
        XCTAssertEqual(instructions(try d.route((0, -200), right, .bike).first),
                       ["Head north on Runko", "Keep right at the fork onto Oikea", "Arrive at your destination"])
    }

    /// A way known only by a list of refs ("3;4", platform numbers) is named as OSRM's
    /// profiles name it: "3; 4".
    func testARefListReadsAsOSRMSaysIt() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
        f.street(1, ["S", "T"], "Runko")
        f.way(2, ["W", "T", "E"], [("highway", "residential"), ("ref", "3;4")])
        let d = try f.build()
        for mode in TransportType.allCases {
            XCTAssertEqual(instructions(try d.route((0, -200), (-200, 0), mode).first),
                           ["Head north on Runko", "Turn left onto 3; 4", "Arrive at your destination"], "\(mode)")
        }
    }

    /// Runko, 8 m of a pedestrian square the bicycle is pushed across, then Jatko straight on:
    /// OSRM never folds a step into one of another mode, so the few pushed metres are a step.
    func testAShortPushIsAStepOfItsOwn() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("A", 0, 0); f.node("B", 0, 8); f.node("N", 0, 308)
        f.street(1, ["S", "A"], "Runko")
        f.street(2, ["A", "B"], "Tori", highway: "pedestrian")
        f.street(3, ["B", "N"], "Jatko")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -200), (0, 250), .bike).first),
                       ["Head north on Runko", "Continue onto Tori (push your bike)", "Continue onto Jatko",
                        "Arrive at your destination"])
    }
}
