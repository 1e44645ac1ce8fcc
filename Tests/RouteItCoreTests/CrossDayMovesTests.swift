import XCTest
@testable import RouteItCore

/// `days N` plans across the days, not only day after day.
final class CrossDayMovesTests: XCTestCase {
    /// Two clusters of three stops, 10 minutes out from home, a minute apart inside a cluster
    /// and 20 minutes from one to the other; 5-minute stays and back by 09:05 after leaving at
    /// 08:00. Filled day by day, day 1 takes four stops (a cluster and one of the other, 42
    /// minutes of travel) and day 2 the two left (21); across the days, each day is one
    /// cluster (22 and 22).
    func testAStopMovesToTheDayWhereItCostsLeast() throws {
        let calendar = LocalCalendar.fromEnvironment()
        let leaving = try XCTUnwrap(calendar.calendar.date(from: DateComponents(year: 2026, month: 12, day: 7, hour: 8)))
        let names = ["Home", "W1", "W2", "W3", "E1", "E2", "E3"]
        let places = names.enumerated().map { index, name in
            TripPlace(item: MapItem(placemark: Placemark(name: name, coordinate: Coordinate(latitude: 60, longitude: 24 + Double(index) / 100))),
                      stay: index == 0 ? 0 : 300, label: name)
        }
        var matrix = DurationMatrix(size: names.count)
        for i in names.indices {
            for j in names.indices where i != j {
                let west = { (k: Int) in (1...3).contains(k) }
                matrix[i, j] = i == 0 || j == 0 ? 600 : west(i) == west(j) ? 60 : 1200
            }
        }
        let plan = try TripOrderPlanner.planDays(places, matrix: matrix, departure: leaving, calendar: calendar,
                                                 day: DayOptions(backBy: 9 * 60 + 5, days: 2), end: .start, isCancelled: { false })
        XCTAssertEqual(plan.dayLengths, [3, 3])
        XCTAssertEqual(plan.improvement.order.duration, 2 * 1320, accuracy: 1e-9)
        let firstDay = Set(plan.stopOrder.prefix(3).map { names[$0 + 1].prefix(1) })
        XCTAssertEqual(firstDay.count, 1, "one cluster a day: \(plan.stopOrder.map { names[$0 + 1] })")
        XCTAssertEqual(plan.leftOut, [])
    }
}
