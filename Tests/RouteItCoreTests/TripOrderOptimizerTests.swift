import XCTest
@testable import RouteItCore

final class TripOrderOptimizerTests: XCTestCase {
    /// The cheapest round trip over every permutation (depth-first, pruning branches already
    /// dearer than the best found): the reference the optimizer must match.
    private func bruteForce(_ m: DurationMatrix) -> Double {
        var visited = [Bool](repeating: false, count: m.size)
        var best = Double.infinity
        func extend(from here: Int, count: Int, cost: Double) {
            if cost >= best { return } // durations are non-negative: this branch cannot win
            if count == m.size - 1 { best = min(best, cost + m[here, 0]); return }
            for next in 1..<m.size where !visited[next] {
                visited[next] = true
                extend(from: next, count: count + 1, cost: cost + m[here, next])
                visited[next] = false
            }
        }
        extend(from: 0, count: 0, cost: 0)
        return best
    }

    private func randomMatrix(size: Int, unreachableChance: Double, using rng: inout SeededRandom) -> DurationMatrix {
        var m = DurationMatrix(size: size)
        for i in 0..<size { for j in 0..<size where i != j {
            // Asymmetric on purpose: one-way streets make A→B and B→A differ.
            m[i, j] = Double.random(in: 0..<1, using: &rng) < unreachableChance ? .infinity : Double(Int.random(in: 30...3600, using: &rng))
        } }
        return m
    }

    func testMatchesBruteForceOnRandomAsymmetricMatrices() throws {
        var rng = SeededRandom(seed: 20_261_202)
        var checked = 0
        for stops in 1...8 {
            for round in 0..<40 {
                let m = randomMatrix(size: stops + 1, unreachableChance: 0, using: &rng)
                let order = try TripOrderOptimizer.optimalOrder(m)
                XCTAssertEqual(order.duration, bruteForce(m), accuracy: 1e-6, "n=\(stops) round \(round)")
                XCTAssertEqual(order.stops.sorted(), Array(1...stops), "every stop exactly once")
                XCTAssertEqual(m.roundTripDuration(visiting: order.stops), order.duration, accuracy: 1e-6,
                               "the reported duration is the order's real cost")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 320)
    }

    func testMatchesBruteForceWithUnreachablePairs() throws {
        var rng = SeededRandom(seed: 7)
        var finite = 0, infinite = 0
        for stops in 2...7 {
            for _ in 0..<40 {
                let m = randomMatrix(size: stops + 1, unreachableChance: 0.4, using: &rng)
                let expected = bruteForce(m)
                if expected.isFinite {
                    finite += 1
                    XCTAssertEqual(try TripOrderOptimizer.optimalOrder(m).duration, expected, accuracy: 1e-6)
                } else {
                    infinite += 1
                    XCTAssertThrowsError(try TripOrderOptimizer.optimalOrder(m)) {
                        XCTAssertEqual($0 as? TripOrderError, .noRoundTrip)
                    }
                }
            }
        }
        XCTAssertGreaterThan(finite, 0, "the sample must exercise both outcomes")
        XCTAssertGreaterThan(infinite, 0, "the sample must exercise both outcomes")
    }

    func testAsymmetryChangesTheDirectionOfTravel() throws {
        // 0→1→2→0 is cheap (1+1+1); the reverse 0→2→1→0 costs 10+10+10.
        let m = try XCTUnwrap(DurationMatrix(rows: [[0, 1, 10], [10, 0, 1], [1, 10, 0]]))
        XCTAssertEqual(try TripOrderOptimizer.optimalOrder(m), TripOrder(stops: [1, 2], duration: 3))
        let reversed = try XCTUnwrap(DurationMatrix(rows: [[0, 10, 1], [1, 0, 10], [10, 1, 0]]))
        XCTAssertEqual(try TripOrderOptimizer.optimalOrder(reversed), TripOrder(stops: [2, 1], duration: 3))
    }

    func testTenStopsBesidesTheStartIsTheLimitAndIsExact() throws {
        var rng = SeededRandom(seed: 99)
        let m = randomMatrix(size: 11, unreachableChance: 0, using: &rng)
        XCTAssertEqual(try TripOrderOptimizer.optimalOrder(m).duration, bruteForce(m), accuracy: 1e-6)
        XCTAssertThrowsError(try TripOrderOptimizer.optimalOrder(DurationMatrix(size: 12))) {
            XCTAssertEqual($0 as? TripOrderError, .tooManyStops(11))
            XCTAssertEqual("\($0)", "Cannot optimize 11 stops; the limit is 10 besides the start.")
        }
    }

    func testTrivialTrips() throws {
        XCTAssertEqual(try TripOrderOptimizer.optimalOrder(DurationMatrix(size: 1)), TripOrder(stops: [], duration: 0))
        let two = try XCTUnwrap(DurationMatrix(rows: [[0, 5], [7, 0]]))
        XCTAssertEqual(try TripOrderOptimizer.optimalOrder(two), TripOrder(stops: [1], duration: 12))
        XCTAssertThrowsError(try TripOrderOptimizer.optimalOrder(DurationMatrix(size: 2)), "unreachable both ways")
    }

    func testSavedIsOldCostMinusNewCost() throws {
        var rng = SeededRandom(seed: 4242)
        for _ in 0..<50 {
            let m = randomMatrix(size: 6, unreachableChance: 0, using: &rng)
            let current = Array(1...5).shuffled(using: &rng)
            let result = try TripOrderOptimizer.improve(current, in: m)
            XCTAssertEqual(result.before, m.roundTripDuration(visiting: current))
            XCTAssertEqual(result.saved, m.roundTripDuration(visiting: current) - m.roundTripDuration(visiting: result.order.stops),
                           accuracy: 1e-9)
            XCTAssertGreaterThanOrEqual(result.saved, 0)
            XCTAssertEqual(result.order.duration, bruteForce(m), accuracy: 1e-6)
        }
    }

    func testAnAlreadyOptimalOrderIsKept() throws {
        // Symmetric square: both directions around cost the same; the user's order stays.
        let m = try XCTUnwrap(DurationMatrix(rows: [[0, 1, 5, 1], [1, 0, 1, 5], [5, 1, 0, 1], [1, 5, 1, 0]]))
        let result = try TripOrderOptimizer.improve([3, 2, 1], in: m)
        XCTAssertEqual(result.order.stops, [3, 2, 1])
        XCTAssertEqual(result.saved, 0)
        let worse = try TripOrderOptimizer.improve([2, 1, 3], in: m)
        XCTAssertEqual(worse.saved, 8, "1→? order 2,1,3 costs 5+1+5+1 = 12 against 4")
    }

    func testMatrixRejectsMalformedRows() {
        XCTAssertNil(DurationMatrix(rows: [[0, 1], [1]]))
        XCTAssertNil(DurationMatrix(rows: [[0, -1], [1, 0]]))
        XCTAssertNil(DurationMatrix(rows: [[0, .nan], [1, 0]]))
        XCTAssertNotNil(DurationMatrix(rows: [[0, .infinity], [1, 0]]))
    }
}
