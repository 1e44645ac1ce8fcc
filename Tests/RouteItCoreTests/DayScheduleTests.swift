import XCTest
@testable import RouteItCore

/// `DaySchedule.inserted` keeps a route's times up to date stop by stop (recomputing only
/// where they change); they must equal the times `update` makes anew, wherever the stop goes.
final class DayScheduleTests: XCTestCase {
    func timedProblem(stops n: Int, waiting: Bool, using g: inout SeededRandom) -> DayPlanProblem {
        var matrix = DurationMatrix(size: n + 1)
        for i in 0...n { for j in 0...n where i != j { matrix[i, j] = Double(Int.random(in: 60...900, using: &g)) } }
        var stays = [0.0], windows: [[ClosedRange<Double>]] = [[]]
        for _ in 0..<n {
            stays.append([0, 180, 300].randomElement(using: &g)!)
            guard Double.random(in: 0...1, using: &g) < 0.6 else { windows.append([]); continue }
            let start = Double(Int.random(in: 0...20_000, using: &g))
            windows.append([start...(start + Double(Int.random(in: 3600...7200, using: &g)))])
        }
        return DayPlanProblem(matrix: matrix, departure: 0, stays: stays, windows: windows, backBy: 30_000,
                              allowsWaiting: waiting)
    }

    func testTimesKeptUpStopByStopEqualTimesMadeAnew() {
        var g = SeededRandom(seed: 5)
        var insertions = 0
        for waiting in [true, false] {
            for _ in 0..<10 {
                let m = DayPlanModel(timedProblem(stops: 30, waiting: waiting, using: &g))
                var route: [Int] = []
                var kept = DaySchedule()
                kept.update(route, m, prefixSums: false)
                for u in m.customers.shuffled(using: &g) {
                    // A random feasible place, so stops go in at the start, the middle and the end.
                    let places = (0...route.count).filter { kept.fits(inserting: u, at: $0, route: route, m) }
                    guard let p = places.randomElement(using: &g) else { continue }
                    route.insert(u, at: p)
                    kept.inserted(at: p, route: route, m)
                    var fresh = DaySchedule()
                    fresh.update(route, m)
                    XCTAssertEqual(kept.finish, fresh.finish, "finish times after inserting \(u) at \(p)")
                    if waiting { XCTAssertEqual(kept.latest, fresh.latest, "latest arrivals after inserting \(u) at \(p)") }
                    insertions += 1
                }
            }
        }
        XCTAssertGreaterThan(insertions, 200, "enough insertions to mean something")
    }
}
