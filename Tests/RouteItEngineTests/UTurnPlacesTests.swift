import XCTest
import RouteItCore
@testable import RouteItEngine

/// Where a car may turn round besides a dead end, as osrm-extract allows it (`isTurnAllowed`):
/// where the way it arrived by is the only way in, and at a turning circle, turning loop or mini
/// roundabout (car.lua's obstacles). Each route must reach a place north of an east-west street
/// with it on the car's right (`curb`), so it must arrive heading west.
final class UTurnPlacesTests: XCTestCase {
    private func curbRoute(_ d: OfflineDirections, from s: (Double, Double), to e: (Double, Double),
                           _ mode: TransportType = .car) throws -> Route? {
        try d.routes(from: RoadFixture.coordinate(s.0, s.1), to: RoadFixture.coordinate(e.0, e.1), mode: mode,
                     sourceApproach: .unrestricted, targetApproach: .curb).first
    }

    /// Monaco's quai de l'hirondelle (round 9a #13): a two-way street whose east end only a
    /// one-way leaves. A car (or a bicycle) there turns round (OSRM routes so); it used to have
    /// no route.
    func testACarTurnsRoundWhereTheWayItCameByIsTheOnlyWayIn() throws {
        var f = RoadFixture()
        f.node("a", 0, 0); f.node("b", 300, 0); f.node("c", 600, 0); f.node("d", 600, 300); f.node("e", 0, 300)
        f.street(1, ["a", "b"], "Quai")
        // No pushing a bicycle back along it (OSRM's "Around the Block" has foot=no too).
        f.street(2, ["b", "c", "d", "e"], "Boucle", [("oneway", "yes"), ("foot", "no")])
        f.street(3, ["e", "a"], "Retour")
        let d = try f.build()
        for mode in [TransportType.car, .bike] {
            let route = try XCTUnwrap(try curbRoute(d, from: (100, 20), to: (200, 20), mode), "\(mode): a U-turn at b")
            XCTAssertEqual(route.distance, 300, accuracy: 15, "\(mode): east to b, round, back west: \(route.steps.map(\.instruction))")
        }
        let car = try XCTUnwrap(try curbRoute(d, from: (100, 20), to: (200, 20)))
        XCTAssertTrue(car.steps.contains { $0.instruction.contains("U-turn") }, "\(car.steps.map(\.instruction))")
    }

    /// A way in besides the one arrived by: no U-turn at b, so there is no way to arrive heading west.
    func testNoUTurnWhereAnotherWayComesIn() throws {
        var f = RoadFixture()
        f.node("a", 0, 0); f.node("b", 300, 0); f.node("c", 600, 0); f.node("d", 600, 300); f.node("e", 0, 300)
        f.street(1, ["a", "b"], "Quai")
        f.street(2, ["b", "c", "d", "e"], "Boucle", [("oneway", "yes")])
        f.street(3, ["e", "a"], "Retour")
        f.node("n", 300, -200)
        f.street(4, ["n", "b"], "Arrivée", [("oneway", "yes")])
        XCTAssertNil(try? curbRoute(try f.build(), from: (100, 20), to: (200, 20)))
    }

    /// A turning circle halfway along a street: the car turns round there, not at the street's far end.
    func testACarTurnsRoundAtATurningCircle() throws {
        for tag in ["turning_circle", "turning_loop", "mini_roundabout", nil] {
            var f = RoadFixture()
            f.node("a", 0, 0); f.node("c", 600, 0)
            f.node("b", 200, 0, tag.map { [("highway", $0)] } ?? [])
            f.street(1, ["a", "b"], "Katu")
            f.street(2, ["b", "c"], "Katu")
            let route = try XCTUnwrap(try curbRoute(try f.build(), from: (100, 20), to: (150, 20)))
            // 100 m east and 50 m back at b; 500 m and 450 m back at the dead end c.
            XCTAssertEqual(route.distance, tag == nil ? 950 : 150, accuracy: 15, "\(tag ?? "none"): \(route.steps.map(\.instruction))")
        }
    }
}
