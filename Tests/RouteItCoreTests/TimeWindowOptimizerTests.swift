import XCTest
@testable import RouteItCore

/// The time-window optimizer against brute force over every order on random instances.
final class TimeWindowOptimizerTests: XCTestCase {
    func randomProblem(stops n: Int, using g: inout SeededRandom) -> TimeWindowProblem {
        var matrix = DurationMatrix(size: n + 1)
        for i in 0...n { for j in 0...n where i != j { matrix[i, j] = Double(Int.random(in: 60...1800, using: &g)) } }
        var stays = [0.0]
        var windows: [[ClosedRange<Double>]?] = [nil]
        for _ in 0..<n {
            stays.append([0, 300, 900, 1800].randomElement(using: &g)!)
            if Double.random(in: 0...1, using: &g) < 0.6 {
                var spans: [ClosedRange<Double>] = []
                var start = Double(Int.random(in: 0...7200, using: &g))
                for _ in 0..<Int.random(in: 1...2, using: &g) {
                    let end = start + Double(Int.random(in: 600...5400, using: &g))
                    spans.append(start...end)
                    start = end + Double(Int.random(in: 600...3600, using: &g))
                }
                windows.append(spans)
            } else {
                windows.append(nil)
            }
        }
        return TimeWindowProblem(matrix: matrix, departure: 0, stays: stays, windows: windows)
    }

    func permutations(_ items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Int]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }

    func testMatchesBruteForceOnRandomInstances() throws {
        var g = SeededRandom(seed: 12)
        var feasible = 0, infeasible = 0
        for n in 1...7 {
            for _ in 0..<(n <= 5 ? 150 : (n == 6 ? 25 : 8)) {
                let problem = randomProblem(stops: n, using: &g)
                let all = permutations(Array(1...n)).map { (order: $0, value: problem.evaluate($0)) }
                let inTime = all.filter { $0.value.lateness == 0 }
                let found = try TimeWindowOptimizer.optimalOrder(problem)
                let check = problem.evaluate(found.stops)
                XCTAssertEqual(Set(found.stops), Set(1...n))
                XCTAssertEqual(check.travel, found.travel, accuracy: 1e-6)
                XCTAssertEqual(check.lateness, found.lateness, accuracy: 1e-6)
                XCTAssertEqual(check.late, found.lateStops)
                if let best = inTime.map(\.value.travel).min() {
                    feasible += 1
                    XCTAssertTrue(found.reachesEveryStopInTime)
                    XCTAssertEqual(found.travel, best, accuracy: 1e-6)
                } else {
                    infeasible += 1
                    let least = all.min { ($0.value.lateness, $0.value.travel) < ($1.value.lateness, $1.value.travel) }!
                    XCTAssertFalse(found.reachesEveryStopInTime)
                    XCTAssertEqual(found.lateness, least.value.lateness, accuracy: 1e-6)
                    XCTAssertEqual(found.travel, least.value.travel, accuracy: 1e-6)
                }
            }
        }
        XCTAssertGreaterThan(feasible, 50, "the instances include feasible ones")
        XCTAssertGreaterThan(infeasible, 50, "and infeasible ones")
    }

    func testWithoutHoursItIsTheQuickestRoundTrip() throws {
        var g = SeededRandom(seed: 99)
        for _ in 0..<20 {
            var problem = randomProblem(stops: 8, using: &g)
            problem.windows = problem.windows.map { _ in nil }
            let timed = try TimeWindowOptimizer.optimalOrder(problem)
            XCTAssertEqual(timed.travel, try TripOrderOptimizer.optimalOrder(problem.matrix).duration, accuracy: 1e-6)
        }
    }

    func testTenStopsWithTightWindowsFinishQuickly() throws {
        var g = SeededRandom(seed: 7)
        for _ in 0..<3 {
            let problem = randomProblem(stops: 10, using: &g)
            let found = try TimeWindowOptimizer.optimalOrder(problem)
            XCTAssertEqual(found.stops.count, 10)
        }
    }
}
