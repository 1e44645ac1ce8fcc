import XCTest
import RouteItCore
@testable import RouteItEngine

/// bicycle.lua charges a turn by its angle, and OSRM reads that angle from the bearings its
/// guidance perceives at the junction (`PerceivedBearing`), not from a road's first metres.
final class BicycleTurnAngleTests: XCTestCase {
    /// Rond-Point Sainte-Dévote (Monaco) is a one-way loop of two lanes whose arm bends round
    /// in its first metres. osrm-routed (bicycle.lua) pushes the bicycle 27.6 m against the
    /// loop, reading the arm as straight on from Boulevard Albert 1er (417.3 m, 236.6 s); read
    /// by its first 10 m the arm is a sharp left, and the ride round the loop (437 m) won.
    func testTheBicycleIsPushedAgainstTheLoopAsOSRMPushesIt() throws {
        let directions = try OfflineDirections(path: try RealMaps.path("monaco.osm.pbf"))
        let route = try XCTUnwrap(try directions.routes(from: Coordinate(latitude: 43.7350, longitude: 7.4219),
                                                        to: Coordinate(latitude: 43.7370, longitude: 7.4200),
                                                        mode: .bike, alternatives: false).first)
        let said = route.steps.map(\.instruction)
        XCTAssertEqual(route.distance, 417.3, accuracy: 1, "\(said)")
        XCTAssertTrue(said.contains { $0.contains("Rond-Point Sainte-Dévote (push your bike)") }, "\(said)")
    }

    /// bicycle.lua sets no `suffix_list`: to a cyclist "sj" onto "nj" is a new street (a
    /// driver hears nothing, the two differ by a compass letter only).
    func testACompassLetterRenamesTheStreetForACyclist() throws {
        var f = RoadFixture()
        f.node("S", 0, -200); f.node("J", 0, 0); f.node("N", 0, 200); f.node("E", 200, 0)
        f.street(1, ["S", "J"], "sj", highway: "primary")
        f.street(2, ["J", "N"], "nj", highway: "primary")
        f.street(3, ["J", "E"], "ej", highway: "primary")
        let map = try f.build()
        let ride = try XCTUnwrap(try map.route((0, -180), (0, 180), .bike).first)
        XCTAssertTrue(ride.steps.contains { $0.instruction.contains("onto nj") }, "\(ride.steps.map(\.instruction))")
        let drive = try XCTUnwrap(try map.route((0, -180), (0, 180), .car).first)
        XCTAssertFalse(drive.steps.contains { $0.instruction.contains("onto nj") }, "\(drive.steps.map(\.instruction))")
    }
}
