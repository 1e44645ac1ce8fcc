import XCTest
@testable import RouteItCore

/// `days N` searched as one plan (`MultiDaySearch`), not only day by day with single-stop moves.
final class MultiDaySearchTests: XCTestCase {
    /// Counted rounds with time to spare, so a slow (debug, loaded) run plans as a fast one.
    let counted = DayPlanOptions(timeBudget: 120, iterations: 800)

    /// Two clusters of three stops, 10 minutes out from home, a minute apart inside a cluster and
    /// 20 minutes from one to the other; 5-minute stays; each day leaves at 08:00 and is back by
    /// 09:00, which holds three stops a day, never four. Days that each took a stop of the other
    /// cluster (41 minutes of travel each) stay so under single-stop moves (the other day is
    /// full); searched together, the two stray stops change days: one cluster a day, 22 minutes each.
    func testTwoFullDaysSwapTheirStrayStops() {
        var matrix = DurationMatrix(size: 7)
        let west = { (k: Int) in (1...3).contains(k) }
        for i in 0..<7 { for j in 0..<7 where i != j {
            matrix[i, j] = i == 0 || j == 0 ? 600 : west(i) == west(j) ? 60 : 1200
        } }
        let models = (0..<2).map { day in
            DayPlanModel(DayPlanProblem(matrix: matrix, departure: Double(day) * 86_400, stays: [0] + Array(repeating: 300, count: 6),
                                        backBy: Double(day) * 86_400 + 3600))
        }
        let mixed = [[1, 2, 6], [4, 5, 3]]
        XCTAssertEqual(models[0].feasibleTravel(mixed[0]), 2460)
        let moved = CrossDayMoves(models: models).improve(mixed, unserved: [], isCancelled: { false })
        XCTAssertEqual(moved.days, mixed, "the premise: no single stop can move")

        let plan = MultiDaySearch.improve(mixed, unserved: [], models: models, options: counted, isCancelled: { false })
        XCTAssertEqual(plan.unserved, [])
        XCTAssertEqual(plan.total, 2 * 1320, accuracy: 1e-9, "\(plan.days)")
        XCTAssertEqual(Set(plan.days.map { $0.map(west) }), [[true, true, true], [false, false, false]])
    }

    /// Random trips of 20 stops over three days (long stays, a third with a morning window, back
    /// by 13:00 after 09:00): the search keeps every day within its hours, loses no stop, serves as
    /// many or more and travels no more than where it starts (the day-by-day plan with single-stop
    /// moves), travels less on some, and gives the same plan for the same seed.
    func testRandomTripsOverThreeDays() throws {
        var improved = 0
        for trip in 0..<4 {
            var rng = SeededRandom(seed: UInt64(100 + trip))
            let size = 21
            let points = (0..<size).map { _ in (Double.random(in: 0..<3000, using: &rng), Double.random(in: 0..<3000, using: &rng)) }
            var matrix = DurationMatrix(size: size)
            for i in 0..<size { for j in 0..<size where i != j {
                matrix[i, j] = (hypot(points[i].0 - points[j].0, points[i].1 - points[j].1) / 8).rounded() + 30
            } }
            let stays = [0.0] + (1..<size).map { _ in [900.0, 1800, 2700, 3600][Int(rng.next() % 4)] }
            let windowStarts = (0..<size).map { i -> Double? in
                i > 0 && rng.next() % 3 == 0 ? Double(9 * 3600 + Int(rng.next() % 12) * 900) : nil
            }
            let models = (0..<3).map { day -> DayPlanModel in
                let midnight = Double(day) * 86_400
                let windows = windowStarts.indices.map { i in
                    windowStarts[i].map { [(midnight + $0)...(midnight + $0 + 5400 + stays[i])] } ?? []
                }
                return DayPlanModel(DayPlanProblem(matrix: matrix, departure: midnight + 9 * 3600, stays: stays,
                                                   windows: windows, backBy: midnight + 13 * 3600))
            }
            let start = CrossDayMoves(models: models).improve([[], [], []], unserved: Array(1..<size), isCancelled: { false })
            let before = MultiDaySearch.Plan(days: start.days, unserved: start.unserved,
                                             travel: start.days.indices.map { models[$0].feasibleTravel(start.days[$0])! },
                                             penalty: models[0].dropPenalty(of: start.unserved))
            let plan = MultiDaySearch.improve(start.days, unserved: start.unserved, models: models, options: counted,
                                              isCancelled: { false })
            for (d, day) in plan.days.enumerated() {
                let travel = try XCTUnwrap(models[d].feasibleTravel(day), "trip \(trip): day \(d + 1) breaks its hours")
                XCTAssertEqual(travel, plan.travel[d], accuracy: 1e-9)
            }
            XCTAssertEqual((plan.days.flatMap { $0 } + plan.unserved).sorted(), Array(1..<size), "trip \(trip)")
            XCTAssertLessThanOrEqual(plan.unserved.count, before.unserved.count, "trip \(trip)")
            XCTAssertFalse(before.isBetter(than: plan), "trip \(trip): \(before.total) before, \(plan.total) after")
            if plan.isBetter(than: before) { improved += 1 }
            let again = MultiDaySearch.improve(start.days, unserved: start.unserved, models: models, options: counted,
                                               isCancelled: { false })
            XCTAssertEqual(again.days, plan.days, "trip \(trip): the same seed, the same plan")
        }
        XCTAssertGreaterThan(improved, 1, "the search found better days on only \(improved) of 4 trips")
    }
}
