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

    /// The insertion scan stops at the first place too late for the stop's last window; it must
    /// find the place a scan of every place finds (checked with the model's own feasibility).
    func testTheCheapestInsertionSkipsNoPlaceThatFits() {
        var g = SeededRandom(seed: 63)
        var checked = 0
        for _ in 0..<20 {
            let model = DayPlanModel(DayPlannerTests.randomProblem(stops: 14, windows: true, using: &g))
            var search = HeuristicDayPlanner(model, seed: 1)
            let route = search.construct().route
            // Each served stop taken out and put back: the route without it is feasible too.
            for u in route {
                var rest = route.filter { $0 != u }
                search.schedule.update(rest, model)
                let found = search.bestInsertion(of: u, in: rest, blinks: false)
                var expected: (Int, Double)?
                for p in 0...rest.count {
                    rest.insert(u, at: p)
                    let fits = model.feasibleTravel(rest) != nil
                    rest.remove(at: p)
                    guard fits, let delta = search.addedTravel(inserting: u, at: p, in: rest) else { continue }
                    if delta < expected?.1 ?? .infinity { expected = (p, delta) }
                }
                XCTAssertEqual(found?.0, expected?.0)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
