import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's perceived bearings (`CoordinateExtractor`): which point of a road's first metres sets
/// the direction it leaves a junction in, for the shapes OSRM's code tells apart.
final class PerceivedBearingTests: XCTestCase, HandMadeJunctions {
    /// A line given in metres east and north of a junction near Monaco.
    private func line(_ points: [(Double, Double)]) -> [Coordinate] {
        let lat0 = 43.73, lon0 = 7.42, perDegree = 6_372_797.560856 * Double.pi / 180
        return points.map { Coordinate(latitude: lat0 + $0.1 / perDegree,
                                       longitude: lon0 + $0.0 / (perDegree * cos(lat0 * .pi / 180))) }
    }

    private func bearing(_ points: [(Double, Double)], _ cls: RoadClass) -> Double {
        PerceivedBearing.bearing(of: line(points), road: PerceivedBearing.Road(cls, isRoundabout: false))
    }

    /// A footway is read 10 m along: 8 m north, then north-east, gives the point 2 m past the
    /// bend (8°), where 20 m along would say 30°.
    func testAFootwayIsReadTenMetresAlong() {
        let footway = [(0.0, 0.0), (0, 8), (5, 13), (40, 48)]
        XCTAssertEqual(bearing(footway, .footway), 8.5, accuracy: 0.5)
    }

    /// A street whose points stray less than half a lane from a straight line is read at its
    /// lookahead's end, 46.5 m along.
    func testANearlyStraightStreetIsReadAtTheEndOfItsLookahead() {
        let street = [(0.0, 0.0), (10, 1.2), (30, 1.2), (80, 5)]
        XCTAssertEqual(bearing(street, .residential), 86.5, accuracy: 1)
    }

    /// A street that joins 3 m sideways and then runs north is perceived running north, not
    /// towards its first point 90° off.
    func testAShortSidewaysOffsetIsSkipped() {
        let street = [(0.0, 0.0), (3, 0), (3, 50)]
        XCTAssertEqual(bearing(street, .residential), 0.4, accuracy: 0.5)
    }

    /// A primary road bending south-west, fitted by a line past its first metres, stays pointing
    /// south-west: OSRM's line runs west to east, and read that way round the road would seem to
    /// leave back the way it came (a U-turn where none is).
    func testARoadFittedByALineKeepsItsDirection() {
        let road = [(0.0, 0.0), (-8.5, -7.5), (-13, -20.5)]
        let b = bearing(road, .primary)
        XCTAssertGreaterThan(b, 180)
        XCTAssertLessThan(b, 250)
    }

    /// A ramp 22 m off to the south-east, then 10 m east: no shape OSRM's reading tells apart
    /// until the line fitted past its first metres, which OSRM fits to points sampled every
    /// metre (the long first segment weighs by its length): 105°, where a fit to the three
    /// mapped points strays too far from them and the reading falls back to 10 m along (117°).
    func testALineIsFittedToTheRoadSampledEveryMetre() {
        let ramp = [(0.0, 0.0), (20, -10), (30, -10)]
        XCTAssertEqual(bearing(ramp, .motorwayLink), 105, accuracy: 2)
    }

    /// OSRM projects a point onto a line in degrees, not metres: at 60° north a degree east is
    /// half as long, so the point 2 m north of a line running north-east projects nearer the
    /// line's start and lies 1.65 m from it, not 1.41 m.
    func testPointsAreProjectedOntoLinesInDegrees() {
        let p = PerceivedBearing.Point(x: 0, y: 2), end = PerceivedBearing.Point(x: 10, y: 10)
        XCTAssertEqual(PerceivedBearing.maxDeviation([p][...], from: .origin, to: end, stretch: 4), 1.65, accuracy: 0.01)
        XCTAssertEqual(PerceivedBearing.maxDeviation([p][...], from: .origin, to: end), 1.41, accuracy: 0.01)
    }

    /// A junction's bearings as OSRM's steps keep them: the whole degree's 15° class.
    func testBearingClassesAreFifteenDegreesWide() {
        XCTAssertEqual(PerceivedBearing.discrete(233.2), 240)
        XCTAssertEqual(PerceivedBearing.discrete(232.4), 225)
        XCTAssertEqual(PerceivedBearing.discrete(353), 0)
        XCTAssertEqual(PerceivedBearing.discrete(116.6), 120)
    }

    /// A road mapped as a dead straight line is read along it, whatever its class.
    func testAStraightLineIsReadAlongIt() {
        for cls in [RoadClass.motorway, .primary, .residential, .footway] {
            XCTAssertEqual(bearing([(0, 0), (30, 30), (60, 60)], cls), 45, accuracy: 0.5, "\(cls)")
        }
    }

    /// Chemin, a footway, comes up from the south-east, bends to run 8 m west into J, where it
    /// crosses Rue and goes on west. Read 10 m back, as OSRM reads a footway, Chemin goes
    /// straight through J and a walker hears nothing there; read 20 m back it would arrive 45°
    /// off and the way on would be no obvious one ("Turn slight left onto Chemin", Chemin des
    /// Révoires in Monaco).
    func testAWalkerGoesStraightOnWhereAFootwayBendsJustBeforeACrossing() throws {
        var f = RoadFixture()
        let bend = (8.0, 0.0), p = point(7, -45, from: bend), a = point(150, -45, from: p)
        f.node("A", a.0, a.1); f.node("P", p.0, p.1); f.node("B", bend.0, bend.1); f.node("J", 0, 0)
        f.node("W", -200, 0); f.node("N", 0, 200); f.node("S", 0, -200)
        f.street(1, ["A", "P", "B", "J"], "Chemin", highway: "footway")
        f.street(2, ["J", "W"], "Chemin", highway: "footway")
        f.street(3, ["S", "J", "N"], "Rue")
        let route = try XCTUnwrap(try f.build().route(point(100, -45, from: p), (-150, 0), .walk).first)
        XCTAssertEqual(route.steps.count, 2, "\(instructions(route))")
    }
}
