import Foundation

/// When the user wants a stop visited (`window SLOT 10:00-12:00`): a span of clock time on the
/// trip's day, in minutes from midnight; it may run past midnight (`22:00-02:00`).
public struct VisitWindow: Hashable, Codable, Sendable, CustomStringConvertible {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// `10:00-12:00`; several as `10:00-12:00,14:00-16:00` (or `;`, or spaces, between them;
    /// spaces around a dash are the window's own: `10:00 - 12:00`). One clear line for anything
    /// else, quoting the window that is wrong.
    public static func parseList(_ text: String) throws -> [VisitWindow] {
        let joined = text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"\s*-\s*"#, with: "-", options: .regularExpression)
        let parts = joined.replacingOccurrences(of: #"\s*[,;]\s*|\s+"#, with: ",", options: .regularExpression)
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !joined.isEmpty, !parts.contains(where: \.isEmpty) else {
            throw InputError("Not a time window list: \(QuotedInput.text(text)) has an empty window (a comma at an end, or two); "
                             + "use HH:MM-HH:MM, several with commas, e.g. 10:00-12:00,14:00-16:00.")
        }
        guard parts.count <= 24 else { throw InputError("A stop has at most 24 windows; \(QuotedInput.text(text)) has \(parts.count).") }
        return try parts.map { part in
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard ends.count == 2, let from = minutes(ends[0]), let to = minutes(ends[1]), from != to else { throw bad(part) }
            return VisitWindow(from: from, to: to)
        }
    }

    private static func bad(_ text: String) -> InputError {
        InputError("Not a time window: \(QuotedInput.text(text)); use HH:MM-HH:MM, e.g. 10:00-12:00 (several with commas).")
    }

    /// `HH:MM` (or `H:MM`) from 00:00 to 24:00, in minutes.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60,
              hours < 24 || (hours == 24 && minutes == 0) else { return nil }
        return hours * 60 + minutes
    }

    public var description: String { "\(Self.clockText(from))-\(Self.clockText(to))" }

    public static func clockText(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// The span as absolute times on the day of `day` (past midnight: into the next day).
    public func span(onDayOf day: Date, calendar: LocalCalendar) -> ClosedRange<Date> {
        calendar.date(day, minutes: from)...calendar.date(day, minutes: to > from ? to : to + 24 * 60)
    }
}

/// How much a stop matters when not every stop fits the day (`priority SLOT high|normal|low`):
/// low-priority stops are dropped before normal ones, normal before high (whatever the travel
/// saved).
public enum StopPriority: String, CaseIterable, Codable, Sendable, Comparable {
    case high, normal, low

    private var rank: Int { self == .low ? 0 : self == .normal ? 1 : 2 }

    public static func < (a: StopPriority, b: StopPriority) -> Bool { a.rank < b.rank }

    public static func parse(_ text: String) throws -> StopPriority {
        guard let priority = StopPriority(rawValue: text.lowercased()) else {
            throw InputError("A priority is high, normal or low, not \"\(text)\".")
        }
        return priority
    }
}
