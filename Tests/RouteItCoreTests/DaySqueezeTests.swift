import XCTest
@testable import RouteItCore

/// Serving one more stop on a full day by passing through late plans (`DaySqueeze`).
final class DaySqueezeTests: XCTestCase {
    /// Six stops on a street, a minute apart, the start at one end, each visit `stay` seconds;
    /// the day ends `seconds` after departure. Out and back serves all six in 720 s of travel.
    private func street(endsAfter seconds: Double, stay: Double = 0) -> DayPlanModel {
        var matrix = DurationMatrix(size: 7)
        for i in 0...6 { for j in 0...6 where i != j { matrix[i, j] = Double(60 * abs(i - j)) } }
        return DayPlanModel(DayPlanProblem(matrix: matrix, departure: 0, stays: [0] + Array(repeating: stay, count: 6),
                                           backBy: seconds))
    }

    func testAStopThatFitsNowhereInThePlanGoesInOnceThePlanIsRemade() {
        let m = street(endsAfter: 800)
        var search = HeuristicDayPlanner(m, seed: 3)
        // 2, 1, 3, 4, 5 takes 720 s; with 6 anywhere in it, 840 s at least.
        var plan = search.solution([2, 1, 3, 4, 5], unserved: [6])
        XCTAssertNotNil(m.feasibleTravel(plan.route))
        var route = plan.route
        XCTAssertEqual(search.insertEach([6], into: &route), [6], "the stop must not simply fit in")
        search.squeezeIn(&plan) { false }
        XCTAssertEqual(plan.unserved, [])
        XCTAssertEqual(plan.route.sorted(), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(m.feasibleTravel(plan.route), 720)
    }

    func testAStopThatFitsInNoPlanStaysOutAndThePlanStaysAPlan() {
        // Six visits need 780 s, the last stop alone 730 s: it is tried, and cannot go in.
        let m = street(endsAfter: 770, stay: 10)
        XCTAssertEqual(m.reason(for: 6), .crowdedOut)
        var search = HeuristicDayPlanner(m, seed: 3)
        var plan = search.solution([1, 2, 3, 4, 5], unserved: [6])
        let before = plan
        search.squeezeIn(&plan) { false }
        XCTAssertEqual(plan.unserved, [6])
        XCTAssertEqual(plan.route, before.route)
        XCTAssertNotNil(m.feasibleTravel(plan.route))
    }

    func testTheSearchStopsWhenAsked() {
        let m = street(endsAfter: 800)
        var search = HeuristicDayPlanner(m, seed: 3)
        var plan = search.solution([2, 1, 3, 4, 5], unserved: [6])
        search.squeezeIn(&plan) { true }
        XCTAssertEqual(plan.unserved, [6])
    }
}
