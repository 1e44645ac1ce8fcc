import XCTest
import RouteItCore
@testable import RouteItEngine

/// Single guidance handlers asked alone at one junction of a routed fixture: each recognises its
/// own scenario and leaves the others to the handlers after it.
final class GuidanceHandlerTests: XCTestCase, HandMadeJunctions {
    private func draft(on street: String, _ junction: RouteJunction) -> ManeuverBuilder.Draft {
        var draft = ManeuverBuilder.Draft(kind: .depart, name: street)
        draft.label = junction.arrivingLabel
        draft.distance = 300
        return draft
    }

    /// Runko from the south splits at Y into Vasen and Oikea, 25° either side, all secondary.
    private func fork() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("Y", 0, 0)
        f.node("L", -300 * sin(25 * .pi / 180), 300 * cos(25 * .pi / 180))
        f.node("R", 300 * sin(25 * .pi / 180), 300 * cos(25 * .pi / 180))
        f.street(1, ["S", "Y"], "Runko", highway: "secondary")
        f.street(2, ["Y", "L"], "Vasen", highway: "secondary")
        f.street(3, ["Y", "R"], "Oikea", highway: "secondary")
        return try f.build()
    }

    /// Runko from the south ends at T on Poikki, which runs west-east.
    private func tJunction() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
        f.street(1, ["S", "T"], "Runko")
        f.street(2, ["W", "T", "E"], "Poikki")
        return try f.build()
    }

    func testTheForkHandlerSaysWhichSideToKeepTo() throws {
        let (guide, all) = try junctions(try fork(), (0, -200), (-300 * sin(25 * .pi / 180) * 0.8, 300 * cos(25 * .pi / 180) * 0.8))
        let y = try junction(leaving: "Runko", all)
        guard case .step(let step)? = ForkHandler().decide(at: y, building: draft(on: "Runko", y), with: guide) else {
            return XCTFail("no fork step")
        }
        XCTAssertEqual(step.kind, .fork)
        XCTAssertEqual(step.direction, .slightLeft)
        XCTAssertEqual(step.name, "Vasen")
    }

    func testTheForkHandlerLeavesATJunctionAlone() throws {
        let (guide, all) = try junctions(try tJunction(), (0, -200), (-200, 0))
        let t = try junction(leaving: "Runko", all)
        XCTAssertNil(ForkHandler().decide(at: t, building: draft(on: "Runko", t), with: guide))
        XCTAssertNil(UTurnHandler().decide(at: t, building: draft(on: "Runko", t), with: guide))
    }

    /// A 90° turn onto a named street is the name-change handler's turn; the sharp-turn handler
    /// only takes sharper turns between named streets.
    func testATurnOntoANamedStreetIsTheNameChangeHandlers() throws {
        let (guide, all) = try junctions(try tJunction(), (0, -200), (-200, 0))
        let t = try junction(leaving: "Runko", all)
        XCTAssertNil(SharpTurnHandler().decide(at: t, building: draft(on: "Runko", t), with: guide))
        guard case .step(let step)? = NameChangeHandler(rule: .driver).decide(at: t, building: draft(on: "Runko", t), with: guide) else {
            return XCTFail("no name change step")
        }
        XCTAssertEqual(step.kind, .turn)
        XCTAssertEqual(step.direction, .left)
        XCTAssertEqual(step.name, "Poikki")
    }

    /// Off an unnamed way onto another unnamed one at a right angle: the sharp-turn handler's turn
    /// (the name-change handler has no new name to tell).
    func testATurnBetweenUnnamedWaysIsTheSharpTurnHandlers() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
        f.way(1, ["S", "T"], [("highway", "residential")])
        f.way(2, ["W", "T", "E"], [("highway", "residential")])
        let (guide, all) = try junctions(try f.build(), (0, -200), (200, 0))
        let t = try XCTUnwrap(all.first { $0.isJunction })
        XCTAssertNil(NameChangeHandler(rule: .driver).decide(at: t, building: draft(on: "", t), with: guide))
        guard case .step(let step)? = SharpTurnHandler().decide(at: t, building: draft(on: "", t), with: guide) else {
            return XCTFail("no turn step")
        }
        XCTAssertEqual(step.kind, .turn)
        XCTAssertEqual(step.direction, .right)
    }

    /// Avenue X (ref M 1) becomes Avenue X (D 1), then the bare ref D 1, past a named side street
    /// at D and a driveway at F (`CarRefChangeTests`' network): the driveway handler tells the
    /// new name at the driveway and leaves the side street to others.
    func testTheDrivewayHandlerTellsABareRefAtADriveway() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 300, 0); f.node("C", 310, 0); f.node("D", 600, 0)
        f.node("E", 600, -100); f.node("F", 800, 0); f.node("H", 800, 100); f.node("G", 1000, 0)
        f.street(1, ["A", "B"], "Avenue X", highway: "secondary", [("ref", "M 1")])
        f.street(2, ["B", "C"], "Avenue X", highway: "secondary", [("ref", "D 1")])
        f.way(3, ["C", "D", "F", "G"], [("highway", "secondary"), ("ref", "D 1")])
        f.street(4, ["D", "E"], "Side")
        f.way(5, ["F", "H"], [("highway", "service")])
        let (guide, all) = try junctions(try f.build(), (10, 0), (990, 0))
        let met = all.filter(\.isJunction)
        XCTAssertEqual(met.count, 2, "the side street and the driveway")
        let step = draft(on: "Avenue X", try XCTUnwrap(all.first))
        XCTAssertNil(DrivewayHandler().decide(at: met[0], building: step, with: guide))
        guard case .step(let next)? = DrivewayHandler().decide(at: met[1], building: step, with: guide) else {
            return XCTFail("no step at the driveway")
        }
        XCTAssertEqual(next.kind, .continue)
        XCTAssertEqual(next.name, "D 1")
    }

    /// The modes differ by their handler lists: walkers get no connector U-turns nor driveway
    /// names, only walkers hear a name taken on late, only cyclists are told when they push.
    func testEachModeHasItsOwnHandlers() {
        func has<H>(_ pipeline: GuidancePipeline, _ type: H.Type) -> Bool {
            (pipeline.handlers + pipeline.whenNoStep).contains { $0 is H }
        }
        XCTAssertTrue(has(.car, ConnectorUTurnHandler.self) && has(.car, DrivewayHandler.self) && has(.bike, DrivewayHandler.self))
        XCTAssertFalse(has(.walk, ConnectorUTurnHandler.self) || has(.walk, DrivewayHandler.self))
        XCTAssertTrue(has(.walk, DeferredNameHandler.self))
        XCTAssertFalse(has(.car, DeferredNameHandler.self) || has(.bike, DeferredNameHandler.self))
        XCTAssertTrue(has(.bike, TravelChangeHandler.self))
        XCTAssertFalse(has(.car, TravelChangeHandler.self) || has(.walk, TravelChangeHandler.self))
    }
}
