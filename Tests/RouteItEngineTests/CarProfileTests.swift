import XCTest
@testable import RouteItEngine

/// The car profile on tag sets, handler by handler as car.lua decides them.
final class CarProfileTests: XCTestCase {
    private func car(_ tags: [(String, String)]) -> CarProfile? {
        CarProfile(highway: tags.first { $0.0 == "highway" }?.1, TagLookup(tags))
    }

    func testAccessPerDirectionAndModeSpecificOneways() throws {
        let backwardClosed = try XCTUnwrap(car([("highway", "primary"), ("motor_vehicle:backward", "no")]))
        XCTAssertEqual(backwardClosed.forwardKmh, 65)
        XCTAssertEqual(backwardClosed.backwardKmh, 0)
        let forwardClosed = try XCTUnwrap(car([("highway", "primary"), ("access:forward", "no"), ("access", "yes")]))
        XCTAssertEqual(forwardClosed.forwardKmh, 0)
        XCTAssertEqual(try XCTUnwrap(car([("highway", "primary"), ("oneway:motorcar", "yes")])).backwardKmh, 0)
        XCTAssertEqual(try XCTUnwrap(car([("highway", "motorway"), ("oneway", "no")])).backwardKmh, 90)
        // A list is read by its most permissive value.
        XCTAssertNotNil(car([("highway", "primary"), ("access", "no;yes")]))
        XCTAssertNil(car([("highway", "primary"), ("access", "no;psv")]))
        // A class car.lua has no speed for is driven at 10 km/h only where an access tag opens it.
        XCTAssertNil(car([("highway", "track")]))
        XCTAssertEqual(car([("highway", "track"), ("motorcar", "yes")])?.forwardKmh, 10)
        XCTAssertNil(car([("highway", "primary"), ("oneway", "reversible")]))
        XCTAssertNil(car([("highway", "service"), ("service", "emergency_access")]))
    }

    func testOnlyMotorwaysAndRoundaboutsAreImpliedOneways() throws {
        XCTAssertEqual(try XCTUnwrap(car([("highway", "motorway")])).backwardKmh, 0)
        XCTAssertEqual(try XCTUnwrap(car([("highway", "primary"), ("junction", "roundabout")])).backwardKmh, 0)
        XCTAssertEqual(try XCTUnwrap(car([("highway", "motorway_link")])).backwardKmh, 45, "car.lua implies no oneway on a link")
        XCTAssertEqual(try XCTUnwrap(car([("highway", "motorway_link"), ("oneway", "yes")])).backwardKmh, 0)
    }

    func testHOVRoadsAreEnteredOnlyToReachAPlaceOnThem() throws {
        let hov = try XCTUnwrap(car([("highway", "motorway"), ("hov", "designated")]))
        XCTAssertTrue(hov.forwardRestricted && hov.backwardRestricted)
        let lanes = try XCTUnwrap(car([("highway", "primary"), ("hov:lanes:forward", "designated|designated"), ("hov:lanes:backward", "designated|")]))
        XCTAssertTrue(lanes.forwardRestricted, "every lane forward is for shared cars")
        XCTAssertFalse(lanes.backwardRestricted, "one lane backward is for any car")
        XCTAssertFalse(try XCTUnwrap(car([("highway", "motorway"), ("hov", "lane")])).forwardRestricted)
    }

    func testMaxspeedReplacesTheClassSpeedPerDirection() throws {
        let p = try XCTUnwrap(car([("highway", "primary"), ("maxspeed", "15"), ("maxspeed:forward", "60")]))
        XCTAssertEqual(p.forwardKmh, 48)
        XCTAssertEqual(p.backwardKmh, 12)
        XCTAssertEqual(car([("highway", "residential"), ("maxspeed", "100")])?.forwardKmh, 80, "higher than the class's too")
        XCTAssertEqual(car([("highway", "primary"), ("maxspeed", "60"), ("maxspeed:advisory", "45")])?.forwardKmh, 36)
        XCTAssertEqual(car([("highway", "primary"), ("source:maxspeed", "DE:rural")])?.forwardKmh ?? 0, 80, accuracy: 1e-9)
        XCTAssertEqual(car([("highway", "primary"), ("maxspeed", "FR:urban")])?.forwardKmh ?? 0, 40, accuracy: 1e-9)
        XCTAssertEqual(car([("highway", "primary"), ("maxspeed", "5000")])?.forwardKmh, 65, "a typo is ignored")
    }

    func testSurfacesTracktypesAndSmoothnessCapTheSpeed() throws {
        XCTAssertEqual(car([("highway", "motorway"), ("surface", "gravel")])?.forwardKmh, 40)
        XCTAssertEqual(car([("highway", "motorway"), ("tracktype", "grade4")])?.forwardKmh, 25)
        XCTAssertEqual(car([("highway", "motorway"), ("surface", "gravel"), ("smoothness", "horrible")])?.forwardKmh, 10)
        XCTAssertNil(car([("highway", "motorway"), ("smoothness", "impassable")]))
    }

    func testPhysicalLimits() {
        XCTAssertNil(car([("highway", "primary"), ("maxheight", "1.8")]))
        XCTAssertNotNil(car([("highway", "primary"), ("maxheight", "default")]))
        XCTAssertNil(car([("highway", "primary"), ("maxheight", "5'10\"")]), "feet and inches: 1.78 m")
        XCTAssertNil(car([("highway", "primary"), ("width", "1.5")]))
        XCTAssertNil(car([("highway", "primary"), ("maxlength", "4")]))
        XCTAssertNil(car([("highway", "primary"), ("maxweight", "1.5")]), "tonnes")
        XCTAssertNotNil(car([("highway", "primary"), ("maxweight", "3000 kg")]))
        XCTAssertEqual(car([("highway", "primary"), ("maxheight:backward", "1.5")])?.backwardKmh, 0)
    }
}
