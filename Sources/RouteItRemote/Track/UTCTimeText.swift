import Foundation

/// ISO-8601 times as GPX and gpsd write them (`2026-12-05T10:00:03Z`, `...03.250Z`), with any
/// zone offset (`+02:00`, `+0200`, `+02`: phone loggers write local time), or none (UTC); nil
/// for anything else.
enum UTCTimeText {
    static func parse(_ text: String) -> Date? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard scalars.count >= 19, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
              scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " "),
              scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let c = scalars[i]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var rest = Substring(text.trimmingCharacters(in: .whitespaces)).dropFirst(19)
        var fraction = 0.0
        if rest.hasPrefix(".") {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            fraction = Double("0." + digits) ?? 0
            rest = rest.dropFirst(1 + digits.count)
        }
        guard let offset = rest == "Z" || rest.isEmpty ? 0 : offsetSeconds(rest) else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second) + fraction)
            .addingTimeInterval(-Double(offset))
    }

    /// `+02:00`, `+0200`, `+02` or `-05:00` as seconds east of UTC; nil for anything else or
    /// beyond the ±14:00 that zones reach (xsd:dateTime's range).
    private static func offsetSeconds(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let body = text.dropFirst()
        let digits: Substring
        switch body.count {
        case 2: digits = body + "00"
        case 4: digits = body
        case 5 where body[body.index(body.startIndex, offsetBy: 2)] == ":": digits = body.prefix(2) + body.suffix(2)
        default: return nil
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
              minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// A UTC date from its parts (days from the civil calendar, no time zone database needed).
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) -> Date {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60) + second)
    }
}
