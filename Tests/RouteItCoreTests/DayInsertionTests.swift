import XCTest
@testable import RouteItCore

/// The search's cheapest insertion of a stop into a route.
final class DayInsertionTests: XCTestCase {
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
