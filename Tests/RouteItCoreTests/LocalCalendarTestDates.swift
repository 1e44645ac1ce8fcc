import Foundation
@testable import RouteItCore

extension LocalCalendar {
    /// `"2026-12-03 10:00"` as an instant on this calendar: the tests' way of writing a time.
    func at(_ text: String) -> Date {
        let parts = text.split(separator: " ")
        let d = parts[0].split(separator: "-").map { Int($0)! }
        let t = parts[1].split(separator: ":").map { Int($0)! }
        return calendar.date(from: DateComponents(year: d[0], month: d[1], day: d[2], hour: t[0], minute: t[1]))!
    }
}
