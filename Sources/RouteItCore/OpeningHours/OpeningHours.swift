import Foundation

/// A place's OSM `opening_hours`, read once and asked when it is open. A value with parts that
/// are not evaluated (holidays, sunrise, ...) or that does not parse is `unknown`: it never
/// makes a place look open or closed.
public struct OpeningHours: Equatable, Sendable {
    /// The tag's value as mapped.
    public let text: String
    private let rules: [OpeningHoursRule]?
    /// Why the value is unknown; nil when it is fully understood.
    public let unknownReason: String?

    public init(_ text: String) {
        self.text = text
        switch OpeningHoursParser.parse(text) {
        case .success(let rules):
            self.rules = rules
            unknownReason = nil
        case .failure(let error):
            rules = nil
            unknownReason = error.reason
        }
    }

    /// Every part was understood (holidays included: see `dayStates`).
    public var isKnown: Bool { rules != nil }

    /// What a moment looks like at the place.
    public enum State: Equatable, Sendable {
        /// Open; `closes` is the next closing within a week (nil: open all that time).
        case open(closes: Date?)
        /// Closed; `opens` is the next opening within a week (nil: not within a week, or not known).
        case closed(opens: Date?)
        case unknown
    }

    static let lookAheadDays = 8

    public func state(at date: Date, in calendar: LocalCalendar) -> State {
        guard rules != nil else { return .unknown }
        var day = calendar.startOfDay(date)
        var minute = calendar.minuteOfDay(date)
        var states = dayStates(day: day, calendar: calendar)
        let here = states[minute]
        if here == .unknown { return .unknown }
        // Walk forward to the next change, a day at a time.
        for _ in 0..<(Self.lookAheadDays * 1440) {
            minute += 1
            if minute == 1440 {
                minute = 0
                day = calendar.day(1, after: day)
                states = dayStates(day: day, calendar: calendar)
            }
            if states[minute] != here {
                // Into an unknown stretch: when it really opens or closes is not known.
                let change: Date? = states[minute] == .unknown ? nil : calendar.date(day, minutes: minute)
                return here == .open ? .open(closes: change) : .closed(opens: change)
            }
        }
        return here == .open ? .open(closes: nil) : .closed(opens: nil)
    }

    /// The open spans between `start` and `end`, merged, as seconds since the reference date;
    /// minutes whose state is unknown count as open (a plan is never refused on a guess).
    /// Used by the time-window optimizer, which asks thousands of times.
    public func openSpans(from start: Date, to end: Date, in calendar: LocalCalendar) -> [ClosedRange<Double>] {
        guard rules != nil else { return [start.timeIntervalSinceReferenceDate...end.timeIntervalSinceReferenceDate] }
        var spans: [ClosedRange<Double>] = []
        var day = calendar.startOfDay(start)
        while day < end {
            let states = dayStates(day: day, calendar: calendar)
            var minute = 0
            while minute < 1440 {
                guard states[minute] != .closed else { minute += 1; continue }
                var last = minute
                while last + 1 < 1440, states[last + 1] != .closed { last += 1 }
                let from = calendar.date(day, minutes: minute).timeIntervalSinceReferenceDate
                let to = calendar.date(day, minutes: last + 1).timeIntervalSinceReferenceDate
                if let previous = spans.last, previous.upperBound >= from {
                    spans[spans.count - 1] = previous.lowerBound...max(previous.upperBound, to)
                } else {
                    spans.append(from...to)
                }
                minute = last + 1
            }
            day = calendar.day(1, after: day)
        }
        return spans
    }

    // MARK: Evaluation

    enum MinuteState: UInt8 { case closed, open, unknown }

    /// The day's 1440 minutes: its own rules, plus what the day before runs past midnight.
    /// Holidays are not known here, so the day is worked out as every kind of day the rules
    /// name (an ordinary day, a public holiday, ...); a minute on which they disagree is unknown.
    func dayStates(day: Date, calendar: LocalCalendar) -> [MinuteState] {
        guard let rules else { return [MinuteState](repeating: .unknown, count: 1440) }
        let named = Set(rules.flatMap(\.holidays))
        var assumptions: [Set<OpeningHoursRule.Holiday>] = [[]]
        for holiday in OpeningHoursRule.Holiday.allCases where named.contains(holiday) {
            assumptions += assumptions.map { $0.union([holiday]) }
        }
        let yesterday = calendar.day(-1, after: day)
        var result: [MinuteState]?
        for today in assumptions {
            for before in assumptions {
                let states = combined(own: rulesApplied(day: day, holidays: today, calendar: calendar),
                                      before: rulesApplied(day: yesterday, holidays: before, calendar: calendar))
                guard var merged = result else { result = states; continue }
                for minute in 0..<1440 where merged[minute] != states[minute] { merged[minute] = .unknown }
                result = merged
            }
        }
        return result ?? [MinuteState](repeating: .unknown, count: 1440)
    }

    private func combined(own: [MinuteState], before: [MinuteState]) -> [MinuteState] {
        var states = Array(own[0..<1440])
        for minute in 0..<1440 where before[1440 + minute] != .closed && states[minute] == .closed {
            states[minute] = before[1440 + minute]
        }
        return states
    }

    /// Two days of minutes (the day and what runs past its midnight) as the rules set them:
    /// a normal rule that matches the day replaces what earlier rules said, an additional one
    /// (`,`) adds to it, a fallback (`||`) applies only when no earlier rule matched.
    private func rulesApplied(day: Date, holidays: Set<OpeningHoursRule.Holiday>, calendar: LocalCalendar) -> [MinuteState] {
        var states = [MinuteState](repeating: .closed, count: 2880)
        guard let rules else { return [MinuteState](repeating: .unknown, count: 2880) }
        let c = calendar.calendar.dateComponents([.year, .month, .day], from: day)
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = calendar.timeZone
        let week = iso.component(.weekOfYear, from: day)
        let weekday = calendar.weekday(day)
        var matchedAny = false
        for rule in rules {
            if rule.joint == .fallback && matchedAny { continue }
            guard rule.matches(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, week: week, weekday: weekday,
                               holidays: holidays) else { continue }
            if rule.joint == .normal || rule.joint == .fallback {
                states = [MinuteState](repeating: .closed, count: 2880)
            }
            matchedAny = true
            let value: MinuteState
            switch rule.modifier {
            case .open: value = .open
            case .closed: value = .closed
            case .unknown: value = .unknown
            }
            for range in rule.times ?? [0..<1440] {
                for minute in range where minute < 2880 { states[minute] = value }
            }
        }
        return states
    }
}
