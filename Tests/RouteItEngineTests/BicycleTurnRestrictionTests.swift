import XCTest
import RouteItCore
@testable import RouteItEngine

/// bicycle.lua obeys turn restrictions through a node, its own (`restriction:bicycle`) and the
/// general ones, unless `except` names bicycles (`bicycle/restrictions.feature`).
final class BicycleTurnRestrictionTests: XCTestCase {
    /// A crossing at J: a street from the south, and one-way streets leaving it west and east.
    private func crossing(_ rules: (inout RoadFixture) -> Void) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("S", 0, -200); f.node("J", 0, 0); f.node("W", -200, 0); f.node("E", 200, 0)
        f.street(1, ["S", "J"], "Etelä")
        f.street(2, ["J", "W"], "Länsi", [("oneway", "yes"), ("foot", "no")])
        f.street(3, ["J", "E"], "Itä", [("oneway", "yes"), ("foot", "no")])
        rules(&f)
        return try f.build()
    }

    private func rides(_ d: OfflineDirections, to x: Double) -> Bool {
        ((try? d.route((0, -150), (x, 0), .bike))?.first).map { $0.distance < 400 } ?? false
    }

    func testARestrictionStopsTheTurnUnlessItExceptsBicycles() throws {
        let plain = try crossing { $0.restriction(10, "no_left_turn", from: 1, via: "J", to: 2) }
        XCTAssertFalse(rides(plain, to: -150), "no left turn for bicycles either")
        XCTAssertTrue(rides(plain, to: 150))
        let excepted = try crossing {
            $0.restriction(10, tags: [("restriction", "no_left_turn"), ("except", "bicycle")], from: 1, via: "J", to: 2)
        }
        XCTAssertTrue(rides(excepted, to: -150))
        let forBicycles = try crossing {
            $0.restriction(10, tags: [("restriction:bicycle", "no_right_turn"), ("restriction", "no_left_turn")], from: 1, via: "J", to: 3)
        }
        XCTAssertFalse(rides(forBicycles, to: 150), "restriction:bicycle first")
        XCTAssertTrue(rides(forBicycles, to: -150))
    }
}
