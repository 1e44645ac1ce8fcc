import XCTest
@testable import RouteItCore

/// The searches run side by side: the better plan is kept, the same seed still gives the same
/// plan, and a cancel asked on the calling thread ends every search.
final class ParallelDaySearchTests: XCTestCase {
    func testTheBetterOfTheSearchesIsKept() throws {
        var g = SeededRandom(seed: 61)
        for _ in 0..<4 {
            let model = DayPlanModel(DayPlannerTests.randomProblem(stops: 30, windows: true, using: &g))
            let alone = (0..<ParallelDaySearch.searches).map { k -> HeuristicDayPlanner.Solution in
                var search = HeuristicDayPlanner(model, seed: ParallelDaySearch.seed(k, from: 5))
                return search.solve(iterations: 40, started: 0, deadline: .infinity) { false }.0
            }
            let best = alone.dropFirst().reduce(alone[0]) { $1.isBetter(than: $0) ? $1 : $0 }
            let (together, stopped) = ParallelDaySearch.solve(model, seed: 5, iterations: 40, started: 0,
                                                              deadline: .infinity) { false }
            XCTAssertFalse(stopped)
            XCTAssertEqual(together.route, best.route)
            XCTAssertEqual(together.unserved, best.unserved)
        }
    }

    func testACancelOnTheCallingThreadEndsEverySearch() {
        var g = SeededRandom(seed: 62)
        let model = DayPlanModel(DayPlannerTests.randomProblem(stops: 80, windows: false, using: &g))
        let started = ProcessInfo.processInfo.systemUptime
        var asked = 0
        let (plan, stopped) = ParallelDaySearch.solve(model, seed: 1, iterations: nil, started: started,
                                                      deadline: started + 600) {
            asked += 1
            return asked > 20
        }
        XCTAssertTrue(stopped)
        XCTAssertEqual(plan.route.count + plan.unserved.count, 80)
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 60, "not the 600 s budget")
    }
}
