import RouteItCore
import XCTest
@testable import RouteItEngine

/// The bicycle graph on hand-made networks: cycleways cars cannot take, oneways ridden with
/// contraflow and pushed against without it, steps pushed, ferries crossed, and directions
/// that say where the bicycle is pushed. CH and the reference search agree throughout.
final class BicycleRoutingTests: XCTestCase {
    /// A square block, 200 m a side: Alakatu (south, through M at its middle) and Yläkatu
    /// (north, through N) joined by Länsikatu (west) and Itäkatu (east); each side's tags can be
    /// replaced, and `extra` adds more.
    private func block(south: [(String, String)] = [("highway", "residential"), ("name", "Alakatu")],
                       west: [(String, String)] = [("highway", "residential"), ("name", "Länsikatu")],
                       east: [(String, String)] = [("highway", "residential"), ("name", "Itäkatu")],
                       _ extra: (inout RoadFixture) -> Void = { _ in }) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("SW", 0, 0); f.node("M", 100, 0); f.node("SE", 200, 0)
        f.node("NW", 0, 200); f.node("N", 100, 200); f.node("NE", 200, 200)
        f.way(1, ["SW", "M", "SE"], south)
        f.street(2, ["NW", "N", "NE"], "Yläkatu")
        f.way(3, ["SW", "NW"], west)
        f.way(4, ["SE", "NE"], east)
        extra(&f)
        return try f.build()
    }

    func testACyclewayIsABicycleShortcutCarsCannotTake() throws {
        let d = try block { f in f.way(5, ["M", "N"], [("highway", "cycleway"), ("name", "Pyörätie")]) }
        // 40 m along Alakatu, left onto the cycleway, 200 m, right, 40 m: 280 m at 15 km/h plus a
        // left turn (6 s × 1.4) and a right one (6 s / 1.4), as bicycle.lua charges them.
        let bike = try XCTUnwrap(d.route((60, -10), (140, 210), .bike).first)
        XCTAssertEqual(bike.distance, 280, accuracy: 2)
        XCTAssertEqual(bike.expectedTravelTime, 280 / (15 / 3.6) + 6 * 1.4 + 6 / 1.4, accuracy: 1)
        XCTAssertEqual(bike.transportType, .bike)
        XCTAssertTrue(bike.steps.contains { $0.instruction == "Turn left onto Pyörätie" }, "\(bike.steps.map(\.instruction))")
        let car = try XCTUnwrap(d.route((60, -10), (140, 210), .car).first)
        XCTAssertGreaterThan(car.distance, 350, "cars go round the block")
        let costs = try d.costs(RoadFixture.coordinate(60, -10), RoadFixture.coordinate(140, 210), .bike)
        XCTAssertEqual(costs.ch, costs.reference)
    }

    func testAOnewayIsPushedAgainstItsDirectionUnlessContraflowIsAllowed() throws {
        for (contraflow, pushed) in [([] as [(String, String)], true), ([("oneway:bicycle", "no")], false),
                                     ([("cycleway", "opposite_lane")], false)] {
            // Alakatu runs east only; a cyclist going west along it must push (4 km/h) or ride round.
            let d = try block(south: [("highway", "residential"), ("name", "Alakatu"), ("oneway", "yes")] + contraflow)
            let route = try XCTUnwrap(d.route((180, 0), (20, 0), .bike).first, "\(contraflow)")
            XCTAssertEqual(route.distance, 160, accuracy: 2, "\(contraflow): along Alakatu, not round the block")
            let pushing = route.steps.contains { $0.instruction.hasSuffix("(push your bike)") }
            XCTAssertEqual(pushing, pushed, "\(contraflow): \(route.steps.map(\.instruction))")
            XCTAssertEqual(route.expectedTravelTime, 160 / ((pushed ? 4 : 15) / 3.6), accuracy: 1, "\(contraflow)")
            let costs = try d.costs(RoadFixture.coordinate(180, 0), RoadFixture.coordinate(20, 0), .bike)
            XCTAssertEqual(costs.ch, costs.reference, "\(contraflow)")
        }
    }

    func testStepsArePushedAndForbiddenWaysAvoided() throws {
        let d = try block { f in f.way(5, ["M", "N"], [("highway", "steps"), ("name", "Portaat")]) }
        let route = try XCTUnwrap(d.route((100, -10), (100, 210), .bike).first)
        // Round the block is 400 m at 15 km/h (96 s plus two turns); the steps are 200 m at 2 km/h (360 s).
        XCTAssertGreaterThan(route.distance, 350, "\(route.steps.map(\.instruction))")
        let forbidden = try block { f in f.way(5, ["M", "N"], [("highway", "cycleway"), ("bicycle", "no"), ("foot", "no")]) }
        XCTAssertGreaterThan(try XCTUnwrap(forbidden.route((100, -10), (100, 210), .bike).first).distance, 350)
        XCTAssertFalse(route.steps.contains { $0.instruction.contains("Portaat") })
    }

    func testAPedestrianStreetIsWalkedWithTheBicycleAndSaysSo() throws {
        let d = try block(west: [("highway", "pedestrian"), ("name", "Kävelykatu")],
                          east: [("highway", "pedestrian"), ("name", "Torikatu")])
        let route = try XCTUnwrap(d.route((100, 0), (100, 200), .bike).first)
        let instructions = route.steps.map(\.instruction)
        XCTAssertTrue(instructions.contains { $0.contains("Kävelykatu") || $0.contains("Torikatu") }, "\(instructions)")
        let pushed = try XCTUnwrap(route.steps.first { $0.instruction.contains("katu (push your bike)") }, "\(instructions)")
        XCTAssertTrue(pushed.instruction.hasPrefix("Turn"), pushed.instruction)
        // The ridden street after it reads plainly.
        XCTAssertTrue(instructions.contains { $0.contains("Yläkatu") && !$0.contains("push") }, "\(instructions)")
    }

    func testAFerryIsTakenButNeverAnEnd() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("P", 100, 0); f.node("Q", 1100, 0); f.node("B", 1200, 0)
        f.street(1, ["A", "P"], "Satamakatu")
        f.way(2, ["P", "Q"], [("route", "ferry"), ("name", "Lautta"), ("duration", "00:05")])
        f.street(3, ["Q", "B"], "Rantakatu")
        let d = try f.build(smallComponentSize: 1)
        let route = try XCTUnwrap(d.route((10, 0), (1190, 0), .bike).first)
        XCTAssertTrue(route.steps.contains(where: FerryAndWalkingAccessTests.boardsLautta), "\(route.steps.map(\.instruction))")
        // 5 min on the ferry plus 180 m ridden.
        XCTAssertEqual(route.expectedTravelTime, 300 + 180 / (15 / 3.6), accuracy: 3)
        // A trip does not start on the ferry: a point beside its middle starts from a quay.
        let fromTheWater = try XCTUnwrap(d.route((600, 5), (1190, 0), .bike).first)
        XCTAssertFalse(fromTheWater.steps.first?.instruction.hasPrefix("Take the ferry") ?? true,
                       "\(fromTheWater.steps.map(\.instruction))")
    }
}
