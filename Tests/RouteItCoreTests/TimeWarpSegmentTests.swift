import XCTest
@testable import RouteItCore

/// The time-warp sums the late search (`DaySqueeze`) judges routes by, against a walk of the
/// route written from the definition: a visit starts when it arrives or when its window opens,
/// and one that arrives after its window closes is let start at the closing, the rest counted late.
final class TimeWarpSegmentTests: XCTestCase {
    /// One window at most per stop (the sums read several as their hull), a day that ends.
    private func problem(stops n: Int, using g: inout SeededRandom) -> DayPlanProblem {
        var p = DayPlannerTests.randomProblem(stops: n, windows: true, using: &g)
        p.windows = p.windows.map { Array($0.prefix(1)) }
        p.backBy = Double(Int.random(in: 4000...20000, using: &g))
        return p
    }

    private func walk(_ m: DayPlanModel, _ route: [Int]) -> (travel: Double, duration: Double, late: Double) {
        var clock = m.departure, travel = 0.0, late = 0.0, here = 0
        for next in route {
            travel += m.leg(here, next)
            var start = clock + m.leg(here, next)
            if let span = m.startWindows[next]?.first {
                start = max(start, span.lo)
                if start > span.hi { late += start - span.hi; start = span.hi }
            }
            clock = start + m.stays[next]
            here = next
        }
        travel += m.endCost[here]
        clock += m.endCost[here]
        if clock > m.latestEnd { late += clock - m.latestEnd; clock = m.latestEnd }
        return (travel, clock + late - m.departure, late)
    }

    func testTheSumsOfARouteAreItsWalk() {
        var g = SeededRandom(seed: 5)
        for _ in 0..<40 {
            let m = DayPlanModel(problem(stops: 12, using: &g))
            let route = m.customers.shuffled(using: &g)
            var timing = TimeWarpRoute()
            timing.update(route, m)
            let trip = timing.whole(m), expected = walk(m, route)
            XCTAssertEqual(trip.travel, expected.travel, accuracy: 1e-6)
            XCTAssertEqual(trip.timeWarp, expected.late, accuracy: 1e-6)
            XCTAssertEqual(trip.duration, expected.duration, accuracy: 1e-6)
            // Nothing late is exactly a plan the model takes.
            XCTAssertEqual(trip.timeWarp == 0, m.feasibleTravel(route) != nil)
        }
    }

    func testAStopPutInIsJudgedAsTheRouteWithIt() {
        var g = SeededRandom(seed: 8)
        for _ in 0..<30 {
            let m = DayPlanModel(problem(stops: 10, using: &g))
            var route = m.customers.shuffled(using: &g)
            let u = route.removeLast()
            var timing = TimeWarpRoute()
            timing.update(route, m)
            for p in 0...route.count {
                var with = route
                with.insert(u, at: p)
                let expected = walk(m, with)
                XCTAssertEqual(timing.inserting(u, at: p, m).timeWarp, expected.late, accuracy: 1e-6)
                XCTAssertEqual(timing.inserting(u, at: p, m).travel, expected.travel, accuracy: 1e-6)
            }
            // The cheapest place is the cheapest of them all; kept up to date, the sums are made anew.
            let cheapest = timing.cheapestPlace(for: u, m, weight: 3)
            let costs = (0...route.count).map { p -> Double in
                var with = route
                with.insert(u, at: p)
                let w = walk(m, with)
                return w.travel + 3 * w.late
            }
            XCTAssertEqual(cheapest.trip.cost(lateWeight: 3), costs.min()!, accuracy: 1e-6)
            route.insert(u, at: cheapest.p)
            timing.inserted(at: cheapest.p, route: route, m)
            var fresh = TimeWarpRoute()
            fresh.update(route, m)
            XCTAssertEqual(timing.whole(m).timeWarp, fresh.whole(m).timeWarp, accuracy: 1e-6)
            XCTAssertEqual(timing.prefix.map(\.duration), fresh.prefix.map(\.duration))
            XCTAssertEqual(timing.suffix.map(\.timeWarp), fresh.suffix.map(\.timeWarp))
        }
    }
}
