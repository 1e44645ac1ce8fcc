import XCTest
import RouteItCore
@testable import RouteItEngine

/// bicycle.lua's `use_public_transport`: a bicycle is taken on a train where the railway's access
/// tag allows it (OSRM's mode `train`, bicycle/train.feature), never on other railways.
final class BicycleTrainTests: XCTestCase {
    func testATrainTakesBicyclesOnlyWhereItsAccessTagSaysSo() throws {
        let train = try XCTUnwrap(BicycleProfile(tags: [("railway", "train"), ("bicycle", "yes")]))
        XCTAssertTrue(train.isTrain)
        XCTAssertFalse(train.isFerry)
        XCTAssertFalse(train.isEndpoint, "no trip starts or ends on the train")
        XCTAssertEqual(train.forward.kmh, 10)
        XCTAssertNil(BicycleProfile(tags: [("railway", "train")]))
        XCTAssertNil(BicycleProfile(tags: [("railway", "train"), ("bicycle", "no")]))
        XCTAssertNil(BicycleProfile(tags: [("railway", "rail")]), "an ordinary railway is no way for bicycles")
        // A railway bicycle.lua has no speed for, opened by its access tag: ridden, as any way.
        let other = try XCTUnwrap(BicycleProfile(tags: [("railway", "invalid_tag"), ("bicycle", "yes")]))
        XCTAssertFalse(other.isTrain)
        XCTAssertEqual(other.forward, .riding(kmh: 15))
    }

    /// Two streets joined by 1 km of railway that takes bicycles: "Take the train", then the
    /// street beyond is a step of its own, ridden again.
    func testTheTrainIsAStepOfItsOwn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("P", 100, 0); f.node("Q", 1100, 0); f.node("B", 1200, 0)
        f.street(1, ["A", "P"], "Asemakatu")
        f.way(2, ["P", "Q"], [("railway", "train"), ("bicycle", "yes"), ("name", "Rantarata")])
        f.street(3, ["Q", "B"], "Satamakatu")
        let d = try f.build(smallComponentSize: 1)
        let route = try XCTUnwrap(d.route((10, 0), (1190, 0), .bike).first)
        let maneuvers = route.steps.compactMap { InstructionText.maneuver(from: $0.instruction) }
        XCTAssertEqual(maneuvers.map(\.travel), [nil, .train, nil, nil], "\(route.steps.map(\.instruction))")
        XCTAssertEqual(maneuvers[1].streetName, "Rantarata")
        XCTAssertEqual(maneuvers.map { OSRMManeuverNames.mode($0, .bike) }, ["cycling", "train", "cycling", "cycling"])
    }
}
