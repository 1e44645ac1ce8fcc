import XCTest
@testable import RouteItEngine

/// Which turn rules a relation makes, as OSRM's restriction_parser and extraction read them.
final class TurnRestrictionParsingTests: XCTestCase {
    private func relation(_ value: String, from: [Int64], via: Int64 = 9, to: [Int64]) -> OSMRelation {
        OSMRelation(id: 1, members: from.map { OSMMember(kind: .way, ref: $0, role: "from") }
                        + [OSMMember(kind: .node, ref: via, role: "via")]
                        + to.map { OSMMember(kind: .way, ref: $0, role: "to") },
                    tags: [("type", "restriction"), ("restriction", value)])
    }

    func testATrafficLightRuleIsNoTurnBan() {
        XCTAssertEqual(TurnRestriction.rules(relation("no_turn_on_red", from: [1], to: [2])), [])
        XCTAssertEqual(TurnRestriction.rules(relation("no_right_turn_on_red", from: [1], to: [2])), [])
        XCTAssertEqual(TurnRestriction.rules(relation("no_right_turn", from: [1], to: [2])).map(\.toWay), [2])
    }

    func testNoEntryAndNoExitAreOneRulePerWayAndOthersMayNotNameSeveral() {
        let entry = TurnRestriction.rules(relation("no_entry", from: [1, 2], to: [3]))
        XCTAssertEqual(entry.map(\.fromWay), [1, 2])
        XCTAssertEqual(entry.map(\.toWay), [3, 3])
        let exit = TurnRestriction.rules(relation("no_exit", from: [1], to: [3, 4]))
        XCTAssertEqual(exit.map(\.toWay), [3, 4])
        XCTAssertEqual(TurnRestriction.rules(relation("no_left_turn", from: [1, 2], to: [3])), [])
        XCTAssertEqual(TurnRestriction.rules(relation("no_exit", from: [1, 2], to: [3])), [])
    }

    func testARuleIsKeptOnlyWhereItsWaysEndAtTheViaNode() {
        let rules = [relation("no_left_turn", from: [1], to: [2]), relation("only_right_turn", from: [1], to: [3]),
                     relation("no_left_turn", from: [4], to: [2]), relation("no_left_turn", from: [1], to: [5])]
            .flatMap(TurnRestriction.rules)
        // Way 1 ends at the via node 9, way 2 starts there; way 3 passes through it, way 4 never
        // reaches it, and way 5 is no road.
        let ends: [(Int64, Int64, Int64)] = [(1, 7, 9), (2, 9, 8), (3, 6, 5), (4, 6, 7)]
        let kept = TurnRestriction.endingAtTheirVia(rules, wayEnds: ends)
        XCTAssertEqual(kept.map { [$0.fromWay, $0.toWay] }, [[1, 2]])
    }

    func testAViaWayRuleIsKeptOnlyWhereItsWaysMeetEndToEnd() {
        func rule(from: Int64, via: [Int64], to: Int64) -> TurnRestriction {
            TurnRestriction(relationId: 1, kind: .no, restriction: "no_u_turn", fromWay: from, viaNode: nil, viaWays: via, toWay: to)
        }
        // 1 (a–b), 2 (b–c), 3 (c–d) meet end to end; 4 (x–y) passes through b and c.
        let ends: [(Int64, Int64, Int64)] = [(1, 10, 11), (2, 11, 12), (3, 12, 13), (4, 20, 21)]
        let kept = TurnRestriction.endingAtTheirVia([rule(from: 1, via: [2], to: 3), rule(from: 4, via: [2], to: 3),
                                                     rule(from: 1, via: [4], to: 3)], wayEnds: ends)
        XCTAssertEqual(kept.map(\.fromWay), [1])
        XCTAssertEqual(kept.map(\.viaWays), [[2]])
    }
}
