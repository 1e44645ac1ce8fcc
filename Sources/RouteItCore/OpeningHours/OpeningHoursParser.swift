/// Reads an OSM `opening_hours` value into rules (see https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification).
/// Understood: `24/7`; years, months, dates and date ranges (`Dec 24-Jan 02`), ISO weeks; weekday
/// ranges and lists; time ranges and lists, also past midnight (`22:00-02:00`, `18:00-26:00`);
/// `open`/`off`/`closed`/`unknown`; comments; rules joined by `;`, `,` and `||`.
/// Public and school holidays (`PH`, `SH`) are read, but no holiday calendar is known: a moment
/// is open or closed only when it would be so on a holiday and on an ordinary day alike (see
/// `OpeningHours`). Recognised but not evaluated (the value is then unknown, never guessed): the n-th weekday of a month (`Su[1]`), sunrise/sunset/dawn/dusk, open
/// ends (`18:00+`), repeating times (`/`), Easter and variable dates.
struct OpeningHoursParser {
    struct Unsupported: Error, Equatable { var reason: String }

    private let tokens: [OpeningHoursToken]
    private var position = 0

    private static let weekdayNames = ["mo", "tu", "we", "th", "fr", "sa", "su"]
    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let unevaluatedWords: Set<String> = ["ph", "sh", "sunrise", "sunset", "dawn", "dusk", "easter"]

    static func parse(_ text: String) -> Result<[OpeningHoursRule], Unsupported> {
        guard let tokens = OpeningHoursToken.tokenize(text) else { return .failure(Unsupported(reason: "unexpected character")) }
        var parser = OpeningHoursParser(tokens: tokens)
        do {
            return .success(try parser.rules())
        } catch let error as Unsupported {
            return .failure(error)
        } catch {
            return .failure(Unsupported(reason: "\(error)"))
        }
    }

    private init(tokens: [OpeningHoursToken]) { self.tokens = tokens }

    // MARK: Token access

    private var current: OpeningHoursToken? { position < tokens.count ? tokens[position] : nil }
    private func peek(_ offset: Int) -> OpeningHoursToken? { position + offset < tokens.count ? tokens[position + offset] : nil }
    private var atEnd: Bool { position >= tokens.count }

    private func isSymbol(_ c: Character, at offset: Int = 0) -> Bool { peek(offset) == .symbol(c) }
    private func word(at offset: Int = 0) -> String? {
        if case .word(let w)? = peek(offset) { return w.lowercased() }
        return nil
    }
    private func number(at offset: Int = 0) -> (Int, Int)? {
        if case .number(let n, let digits)? = peek(offset) { return (n, digits) }
        return nil
    }

    private func fail(_ reason: String) -> Unsupported { Unsupported(reason: reason) }

    // MARK: Rules

    private mutating func rules() throws -> [OpeningHoursRule] {
        var rules: [OpeningHoursRule] = []
        var joint = OpeningHoursRule.Joint.normal
        while true {
            // Empty rules (`;;`, a trailing `;`) are tolerated.
            if atEnd { break }
            if isSymbol(";") { position += 1; joint = .normal; continue }
            var rule = try self.rule()
            rule.joint = rules.isEmpty ? .normal : joint
            rules.append(rule)
            guard let next = current else { break }
            switch next {
            case .symbol(";"): joint = .normal
            case .symbol(","): joint = .additional
            case .fallback: joint = .fallback
            default: throw fail("unexpected \(next) after a rule")
            }
            position += 1
        }
        guard !rules.isEmpty else { throw fail("no rule") }
        return rules
    }

    private mutating func rule() throws -> OpeningHoursRule {
        var rule = OpeningHoursRule()
        var selected = false
        if number(at: 0)?.0 == 24, isSymbol("/", at: 1), number(at: 2)?.0 == 7 {
            position += 3
            selected = true
        } else {
            selected = try wideSelectors(into: &rule)
            if isSymbol(":"), selected { position += 1 }
            if let (days, holidays) = try weekdays() {
                rule.weekdays = days
                rule.holidays = holidays
                selected = true
                if isSymbol(":") { position += 1 }
            }
            if let times = try times() {
                rule.times = times
                selected = true
            }
        }
        if let w = word() {
            switch w {
            case "open": rule.modifier = .open
            case "off", "closed": rule.modifier = .closed
            case "unknown": rule.modifier = .unknown
            default: throw fail("unexpected word \(w)")
            }
            position += 1
            selected = true
        }
        if case .comment? = current {
            position += 1
            // A rule that is only a comment says nothing certain.
            if !selected { rule.modifier = .unknown; selected = true }
        }
        guard selected else { throw fail("expected a rule at \(current.map { "\($0)" } ?? "the end")") }
        return rule
    }

    // MARK: Years, months, dates, weeks

    private mutating func wideSelectors(into rule: inout OpeningHoursRule) throws -> Bool {
        var any = false
        if let (year, digits) = number(), digits == 4, !isSymbol(":", at: 1) {
            var years: [ClosedRange<Int>] = []
            repeat {
                if !years.isEmpty { position += 1 }
                guard let (start, d) = number(), d == 4 else { throw fail("expected a year") }
                position += 1
                var end = start
                if isSymbol("-"), let (e, d2) = number(at: 1), d2 == 4 { end = e; position += 2 }
                if isSymbol("/") || isSymbol("+") { throw fail("repeating or open years") }
                guard start <= end else { throw fail("backward years") }
                years.append(start...end)
            } while isSymbol(",") && number(at: 1)?.1 == 4
            _ = year
            rule.years = years
            any = true
        }
        if let w = word(), Self.monthNames.contains(w) || w == "easter" {
            rule.dates = try dateRanges()
            any = true
        }
        if word() == "week" {
            position += 1
            var weeks: [ClosedRange<Int>] = []
            repeat {
                if !weeks.isEmpty { position += 1 }
                guard let (start, _) = number(), (1...53).contains(start) else { throw fail("expected a week number") }
                position += 1
                var end = start
                if isSymbol("-"), let (e, _) = number(at: 1), (1...53).contains(e) { end = e; position += 2 }
                if isSymbol("/") { throw fail("repeating weeks") }
                guard start <= end else { throw fail("backward weeks") }
                weeks.append(start...end)
            } while isSymbol(",") && number(at: 1) != nil && !isSymbol(":", at: 2)
            rule.weeks = weeks
            any = true
        }
        return any
    }

    private mutating func dateRanges() throws -> [OpeningHoursRule.DayOfYearRange] {
        var ranges: [OpeningHoursRule.DayOfYearRange] = []
        repeat {
            if !ranges.isEmpty { position += 1 }
            let (startMonth, startDay) = try monthAndDay()
            var end = startDay.map { startMonth * 32 + $0 } ?? startMonth * 32 + 31
            if isSymbol("-") {
                if let w = word(at: 1), Self.monthNames.contains(w) {
                    position += 1
                    let (endMonth, endDay) = try monthAndDay()
                    end = endMonth * 32 + (endDay ?? 31)
                } else if let (day, _) = number(at: 1), startDay != nil, !isSymbol(":", at: 2) {
                    guard (1...31).contains(day) else { throw fail("bad day \(day)") }
                    position += 2
                    end = startMonth * 32 + day
                } else {
                    throw fail("incomplete date range")
                }
            }
            if isSymbol("/") || isSymbol("+") { throw fail("repeating or open dates") }
            ranges.append(.init(start: startMonth * 32 + (startDay ?? 1), end: end))
        } while isSymbol(",") && word(at: 1).map(Self.monthNames.contains) == true
        return ranges
    }

    /// `Jan` or `Dec 24` (a day only when a number follows that is not a time).
    private mutating func monthAndDay() throws -> (Int, Int?) {
        guard let w = word() else { throw fail("expected a month") }
        if w == "easter" { throw fail("easter") }
        guard let index = Self.monthNames.firstIndex(of: w) else { throw fail("expected a month, not \(w)") }
        position += 1
        if let (day, digits) = number(), digits <= 2, !isSymbol(":", at: 1) {
            guard (1...31).contains(day) else { throw fail("bad day \(day)") }
            position += 1
            return (index + 1, day)
        }
        return (index + 1, nil)
    }

    // MARK: Weekdays

    /// Weekdays and holidays, joined by `,` (either or both).
    private mutating func weekdays() throws -> (Set<Int>, Set<OpeningHoursRule.Holiday>)? {
        guard let leading = word(), Self.weekdayNames.contains(leading) || Self.unevaluatedWords.contains(leading) else { return nil }
        var days = Set<Int>()
        var holidays = Set<OpeningHoursRule.Holiday>()
        var first = true
        repeat {
            if !first { position += 1 }
            first = false
            guard let w = word() else { throw fail("expected a weekday") }
            if w == "ph" || w == "sh" {
                position += 1
                holidays.insert(w == "ph" ? .publicHoliday : .schoolHoliday)
                // `PH +1 day` and the like shift holidays: not evaluated.
                if isSymbol("+") || isSymbol("-") && word(at: 1) == nil { throw fail("shifted holidays") }
                continue
            }
            guard let start = Self.weekdayNames.firstIndex(of: w) else { throw fail("expected a weekday, not \(w)") }
            position += 1
            if isSymbol("[") { throw fail("n-th weekday of a month") }
            var end = start
            if isSymbol("-"), let w2 = word(at: 1), let e = Self.weekdayNames.firstIndex(of: w2) {
                end = e
                position += 2
                if isSymbol("[") { throw fail("n-th weekday of a month") }
            }
            var d = start
            while true {
                days.insert(d + 1)
                if d == end { break }
                d = (d + 1) % 7
            }
        } while isSymbol(",") && word(at: 1).map { Self.weekdayNames.contains($0) || $0 == "ph" || $0 == "sh" } == true
        return (days, holidays)
    }

    // MARK: Times

    private mutating func times() throws -> [Range<Int>]? {
        if let w = word(), Self.unevaluatedWords.contains(w) { throw fail("\(w) times") }
        if isSymbol("(") { throw fail("variable times") }
        guard number() != nil, isSymbol(":", at: 1) else { return nil }
        var ranges: [Range<Int>] = []
        repeat {
            if !ranges.isEmpty { position += 1 }
            if let w = word(), Self.unevaluatedWords.contains(w) { throw fail("\(w) times") }
            let start = try clock()
            if isSymbol("+") { throw fail("open end") }
            guard isSymbol("-") else { throw fail("a time without an end") }
            position += 1
            if let w = word(), Self.unevaluatedWords.contains(w) { throw fail("\(w) times") }
            var end = try clock(allowingPastMidnight: true)
            if isSymbol("+") { throw fail("open end") }
            if isSymbol("/") { throw fail("repeating times") }
            guard start < 1440 else { throw fail("a start at or past 24:00") }
            if end <= start { end += 1440 }
            guard end - start <= 1440 * 2 else { throw fail("a time range over two days") }
            ranges.append(start..<end)
        } while isSymbol(",") && (number(at: 1) != nil && isSymbol(":", at: 2) || word(at: 1).map(Self.unevaluatedWords.contains) == true)
        return ranges
    }

    /// `HH:MM` (one or two hour digits) in minutes; up to 48:00 past midnight for ends.
    private mutating func clock(allowingPastMidnight: Bool = false) throws -> Int {
        guard let (hour, _) = number(), isSymbol(":", at: 1), let (minute, minuteDigits) = number(at: 2), minuteDigits == 2 else {
            throw fail("expected a time HH:MM")
        }
        guard minute < 60, hour <= (allowingPastMidnight ? 48 : 24) else { throw fail("bad time \(hour):\(minute)") }
        position += 3
        return hour * 60 + minute
    }
}
