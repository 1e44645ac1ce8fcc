/// One rule of an `opening_hours` value: on which days (years, months or dates, ISO weeks,
/// weekdays) it applies, at which times, and whether it opens, closes or leaves unknown.
struct OpeningHoursRule: Equatable {
    /// How the rule was joined to the one before: `;` (it replaces the earlier rules on its
    /// days), `,` (it adds to them) or `||` (it applies only to days no earlier rule matched).
    enum Joint: Equatable { case normal, additional, fallback }
    enum Modifier: Equatable { case open, closed, unknown }

    /// Month and day as one comparable number (`month * 32 + day`).
    struct DayOfYearRange: Equatable {
        var start: Int
        var end: Int
        func contains(_ value: Int) -> Bool { start <= end ? (start...end).contains(value) : value >= start || value <= end }
    }

    var joint: Joint = .normal
    var years: [ClosedRange<Int>]? = nil
    var dates: [DayOfYearRange]? = nil
    var weeks: [ClosedRange<Int>]? = nil
    /// Days the rule names that no calendar here knows: public (`PH`) and school (`SH`) holidays.
    enum Holiday: Hashable, CaseIterable { case publicHoliday, schoolHoliday }

    /// 1 = Monday ... 7 = Sunday; nil for every day.
    var weekdays: Set<Int>? = nil
    /// Holidays the rule also applies on (`Su,PH off`); the weekday set may then be empty.
    var holidays: Set<Holiday> = []
    /// Minutes since the day's midnight; an end past 1440 runs into the next day. nil: all day.
    var times: [Range<Int>]? = nil
    var modifier: Modifier = .open

    /// Whether the rule applies to a day (its times may still run into the next).
    /// `holidays`: which holidays the day is assumed to be.
    func matches(year: Int, month: Int, day: Int, week: Int, weekday: Int, holidays dayHolidays: Set<Holiday>) -> Bool {
        if let years, !years.contains(where: { $0.contains(year) }) { return false }
        if let dates, !dates.contains(where: { $0.contains(month * 32 + day) }) { return false }
        if let weeks, !weeks.contains(where: { $0.contains(week) }) { return false }
        if let weekdays {
            return weekdays.contains(weekday) || !holidays.isDisjoint(with: dayHolidays)
        }
        return true
    }
}
