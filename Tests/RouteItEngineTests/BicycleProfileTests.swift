import XCTest
@testable import RouteItEngine

/// The bicycle profile on tag sets, rule by rule as bicycle.lua decides them.
final class BicycleProfileTests: XCTestCase {
    private func bike(_ tags: [(String, String)]) -> BicycleProfile? { BicycleProfile(tags: tags) }

    func testCyclewayIsRiddenBothWaysAtCyclingSpeed() throws {
        let p = try XCTUnwrap(bike([("highway", "cycleway")]))
        XCTAssertEqual(p.forward, .riding(kmh: 15))
        XCTAssertEqual(p.backward, .riding(kmh: 15))
        XCTAssertTrue(p.isEndpoint)
    }

    func testClassSpeedsAndClassesBicyclesMayNotUse() throws {
        XCTAssertEqual(bike([("highway", "track")])?.forward, .riding(kmh: 12))
        XCTAssertEqual(bike([("highway", "path")])?.forward, .riding(kmh: 13))
        XCTAssertEqual(bike([("highway", "residential")])?.forward, .riding(kmh: 15))
        XCTAssertNil(bike([("highway", "motorway")]))
        XCTAssertNil(bike([("highway", "trunk")]))
        XCTAssertNil(bike([("highway", "bridleway")]))
        // An explicit bicycle=yes opens a class the profile leaves out, at the default speed.
        XCTAssertEqual(bike([("highway", "trunk"), ("bicycle", "yes")])?.forward, .riding(kmh: 15))
    }

    /// bicycle.lua takes any highway value: one it has no speed for (`runway`, a typo) is ridden
    /// only where an access tag or a cycle lane opens it, and pushed where walking is allowed.
    func testAHighwayWithoutASpeedIsOpenedOnlyByAccessLanesOrWalking() throws {
        XCTAssertNil(bike([("highway", "runway")]))
        XCTAssertEqual(bike([("highway", "runway"), ("access", "yes")])?.backward, .riding(kmh: 15))
        XCTAssertEqual(bike([("highway", "runway"), ("bicycle", "yes"), ("access", "private")])?.forward, .riding(kmh: 15))
        XCTAssertEqual(bike([("highway", "garbagetag"), ("access", "permissive")])?.forward, .riding(kmh: 15))
        XCTAssertEqual(bike([("highway", "some_tag"), ("cycleway", "track")])?.backward, .riding(kmh: 15))
        let walked = try XCTUnwrap(bike([("highway", "runway"), ("foot", "yes")]))
        XCTAssertEqual([walked.forward, walked.backward], [.pushing(kmh: 4), .pushing(kmh: 4)])
        // Roads not built yet stay closed; a built road with a planned upgrade is ridden.
        XCTAssertNil(bike([("highway", "proposed"), ("bicycle", "yes"), ("proposed", "yes")]))
        XCTAssertNil(bike([("highway", "construction"), ("access", "yes")]))
        XCTAssertEqual(bike([("highway", "primary"), ("proposed", "secondary")])?.forward, .riding(kmh: 15))
    }

    /// bicycle.lua's `bridge_speeds`: a movable bridge is ridden at 5 km/h, highway or not, and
    /// crossed in its `duration` when it has one (shared by its segments, as a ferry's is).
    func testAMovableBridgeWithoutAHighwayIsRiddenInItsDuration() throws {
        let plain = try XCTUnwrap(bike([("bridge", "movable"), ("bicycle", "yes")]))
        XCTAssertEqual([plain.forward, plain.backward], [.riding(kmh: 5), .riding(kmh: 5)])
        XCTAssertNil(plain.ferrySeconds)
        let timed = try XCTUnwrap(bike([("bridge", "movable"), ("duration", "00:05:00")]))
        XCTAssertEqual(timed.forward, .riding(kmh: 5))
        XCTAssertEqual(timed.ferrySeconds, 300)
        XCTAssertNil(bike([("bridge", "yes")]))
    }

    func testAccessTags() throws {
        XCTAssertNil(bike([("highway", "residential"), ("bicycle", "no")]))
        XCTAssertNil(bike([("highway", "cycleway"), ("access", "private")]))
        XCTAssertNil(bike([("highway", "residential"), ("bicycle", "use_sidepath")]))
        // The most specific key wins: bicycle over access.
        XCTAssertEqual(bike([("highway", "service"), ("access", "no"), ("bicycle", "yes")])?.forward, .riding(kmh: 15))
        // A list picks its most permissive value.
        XCTAssertEqual(bike([("highway", "residential"), ("bicycle", "no;designated")])?.forward, .riding(kmh: 15))
        // Directional access closes one direction only.
        let oneWay = try XCTUnwrap(bike([("highway", "residential"), ("bicycle:backward", "no")]))
        XCTAssertEqual(oneWay.forward, .riding(kmh: 15))
        XCTAssertEqual(oneWay.backward, .none)
        // The carriageway of a road whose cycleway is mapped on its own.
        XCTAssertNil(bike([("highway", "primary"), ("cycleway:right", "separate")]))
        XCTAssertNotNil(bike([("highway", "primary"), ("cycleway:right", "separate"), ("bicycle", "designated")]))
    }

    func testOnewayIsPushedAgainstItsDirection() throws {
        let p = try XCTUnwrap(bike([("highway", "residential"), ("oneway", "yes")]))
        XCTAssertEqual(p.forward, .riding(kmh: 15))
        XCTAssertEqual(p.backward, .pushing(kmh: 4))
        let reversed = try XCTUnwrap(bike([("highway", "residential"), ("oneway", "-1")]))
        XCTAssertEqual(reversed.forward, .pushing(kmh: 4))
        XCTAssertEqual(reversed.backward, .riding(kmh: 15))
        // Nobody walks against a roundabout (an implied oneway).
        let roundabout = try XCTUnwrap(bike([("highway", "tertiary"), ("junction", "roundabout")]))
        XCTAssertTrue(roundabout.roundabout)
        XCTAssertEqual(roundabout.backward, .none)
    }

    func testContraflow() throws {
        for tags in [[("oneway:bicycle", "no")], [("cycleway", "opposite")], [("cycleway:left", "opposite_lane")],
                     [("cycleway", "opposite_track")]] {
            let p = try XCTUnwrap(bike([("highway", "residential"), ("oneway", "yes")] + tags), "\(tags)")
            XCTAssertEqual(p.forward, .riding(kmh: 15), "\(tags)")
            XCTAssertEqual(p.backward, .riding(kmh: 15), "\(tags)")
        }
        // oneway:bicycle=yes makes a two-way street oneway for bicycles.
        let p = try XCTUnwrap(bike([("highway", "residential"), ("oneway:bicycle", "yes")]))
        XCTAssertEqual(p.backward, .pushing(kmh: 4))
        // A cycle lane along a oneway opens only its own direction.
        let lane = try XCTUnwrap(bike([("highway", "primary"), ("oneway", "-1"), ("cycleway", "lane")]))
        XCTAssertEqual(lane.forward, .pushing(kmh: 4))
        XCTAssertEqual(lane.backward, .riding(kmh: 15))
    }

    func testPushingOnFootwaysPedestrianStreetsAndSteps() throws {
        XCTAssertEqual(bike([("highway", "footway")])?.forward, .pushing(kmh: 4))
        XCTAssertEqual(bike([("highway", "pedestrian")])?.backward, .pushing(kmh: 4))
        XCTAssertEqual(bike([("highway", "steps")])?.forward, .pushing(kmh: 2))
        XCTAssertNil(bike([("highway", "footway"), ("foot", "no")]))
        XCTAssertNil(bike([("highway", "footway"), ("bicycle", "no")]))
        // Allowed to ride: ridden at the default speed.
        XCTAssertEqual(bike([("highway", "footway"), ("bicycle", "yes")])?.forward, .riding(kmh: 15))
        XCTAssertEqual(bike([("highway", "cycleway"), ("bicycle", "dismount")])?.forward, .pushing(kmh: 4))
        // A bridleway is walked only where walking is allowed.
        XCTAssertEqual(bike([("highway", "bridleway"), ("foot", "yes")])?.forward, .pushing(kmh: 4))
    }

    func testSurfaceAndMaxspeedCapTheSpeed() throws {
        XCTAssertEqual(bike([("highway", "residential"), ("surface", "cobblestone")])?.forward, .riding(kmh: 7))
        XCTAssertEqual(bike([("highway", "residential"), ("surface", "sett")])?.forward, .riding(kmh: 9))
        XCTAssertEqual(bike([("highway", "track"), ("surface", "gravel")])?.forward, .riding(kmh: 6))
        XCTAssertEqual(bike([("highway", "cycleway"), ("surface", "asphalt")])?.forward, .riding(kmh: 15))
        XCTAssertEqual(bike([("highway", "steps"), ("surface", "sand")])?.forward, .pushing(kmh: 2))
        XCTAssertEqual(bike([("highway", "living_street"), ("maxspeed", "10")])?.forward, .riding(kmh: 10))
        // Zones and words are no number to bicycle.lua.
        XCTAssertEqual(bike([("highway", "residential"), ("maxspeed", "FI:urban")])?.forward, .riding(kmh: 15))
        // bicycle.lua 26.10 has no tracktype or smoothness speeds.
        XCTAssertEqual(bike([("highway", "track"), ("tracktype", "grade5"), ("smoothness", "bad")])?.forward, .riding(kmh: 12))
    }

    func testFerriesAndBlockedWays() throws {
        let ferry = try XCTUnwrap(bike([("route", "ferry"), ("name", "Suomenlinna")]))
        XCTAssertEqual(ferry.roadClass, .ferry)
        XCTAssertEqual(ferry.forward, .ferry(kmh: 5))
        XCTAssertFalse(ferry.isEndpoint)
        XCTAssertEqual(bike([("route", "ferry"), ("duration", "00:20")])?.ferrySeconds, 1200)
        XCTAssertEqual(bike([("route", "ferry"), ("duration", "PT1H5M")])?.ferrySeconds, 3900)
        XCTAssertNil(bike([("highway", "residential"), ("construction", "yes")]))
        XCTAssertNotNil(bike([("highway", "residential"), ("construction", "minor")]))
        XCTAssertNil(bike([("highway", "residential"), ("motorroad", "yes")]))
        XCTAssertNil(bike([("building", "yes")]))
        XCTAssertEqual(bike([("man_made", "pier")])?.forward, .pushing(kmh: 4))
        // Platforms are ridden at walking speed, car parks at 10 km/h.
        XCTAssertEqual(bike([("public_transport", "platform"), ("highway", "platform")])?.forward, .riding(kmh: 4))
        XCTAssertEqual(bike([("amenity", "parking")])?.backward, .riding(kmh: 10))
    }

    func testTurnCostsFollowBicycleLua() {
        XCTAssertEqual(BicycleGraphBuilder.turnMilliseconds(angle: 0, isUTurn: false), 0)
        XCTAssertEqual(BicycleGraphBuilder.turnMilliseconds(angle: 90, isUTurn: false), UInt32((6 / 1.4 * 1000).rounded()))
        XCTAssertEqual(BicycleGraphBuilder.turnMilliseconds(angle: -90, isUTurn: false), UInt32((6 * 1.4 * 1000).rounded()))
        XCTAssertEqual(BicycleGraphBuilder.turnMilliseconds(angle: 0, isUTurn: true), UInt32(((4 * 6 / 1.4 + 20) * 1000).rounded()))
    }
}
