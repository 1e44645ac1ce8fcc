import Foundation
import RouteItCore

/// Fixes from NMEA 0183 text: `$GPRMC` (position, speed, course, date) and `$GPGGA` (position,
/// HDOP), any talker (`$GN...`). Sentences of the same second make one fix; a sentence whose
/// checksum is wrong, or with no valid fix, is left out. GGA has a time of day but no date: it
/// takes the date of the RMC before it, else of the file's first RMC, else `undatedDay` (many
/// loggers record GGA only), and a time of day going back past midnight is the next day's.
enum NMEATrack {
    /// metres of error per unit of HDOP (a common rule of thumb for consumer receivers).
    static let metresPerHDOP = 5.0
    static let secondsPerDay = 86_400.0

    /// `undatedDay`: the day (UTC) of a log with no RMC date at all; the caller's today.
    static func fixes(in text: String, undatedDay: Date) -> [GuidanceFix] {
        var fixes: [GuidanceFix] = []
        /// Midnight (UTC) of the day the latest time of day is on, and that time of day.
        var day: Date?
        var lastTimeOfDay: Double?
        for fields in sentences(in: text) {
            let kind = fields[0].suffix(3)
            if kind == "RMC", fields.count >= 10 {
                guard fields[2] == "A", let coordinate = position(fields[3], fields[4], fields[5], fields[6]),
                      let date = date(fields[9]), let time = fields[1].isEmpty ? nil : seconds(fields[1]) else { continue }
                day = midnight(date)
                lastTimeOfDay = time
                let knots = Double(fields[7])
                let course = Double(fields[8])
                merge(GuidanceFix(coordinate: coordinate, time: day!.addingTimeInterval(time), heading: course,
                                  speed: knots.map { $0 * 0.514444 }), into: &fixes)
            } else if kind == "GGA", fields.count >= 9 {
                guard let quality = Int(fields[6]), quality > 0, let coordinate = position(fields[2], fields[3], fields[4], fields[5]),
                      let time = seconds(fields[1]) else { continue }
                if let last = lastTimeOfDay, let current = day, time < last - secondsPerDay / 2 {
                    day = current.addingTimeInterval(secondsPerDay)
                }
                let on = day ?? firstDay(in: text, before: time) ?? Date(timeIntervalSince1970:
                    (undatedDay.timeIntervalSince1970 / secondsPerDay).rounded(.down) * secondsPerDay)
                day = on
                lastTimeOfDay = time
                let accuracy = Double(fields[8]).map { $0 * metresPerHDOP }
                merge(GuidanceFix(coordinate: coordinate, time: on.addingTimeInterval(time), accuracy: accuracy), into: &fixes)
            }
        }
        return fixes
    }

    /// The sentences of the text, fields split.
    private static func sentences(in text: String) -> some Sequence<[Substring]> {
        // Split on the bytes (NMEA ends lines in CRLF): splitting 50 MB by Characters took 19 s.
        // A sentence is at most 82 characters, so a longer line is none, and is not read.
        text.utf8.split(whereSeparator: { $0 == 10 || $0 == 13 }).lazy
            .compactMap { raw in raw.count <= 256 ? String(raw).flatMap(sentence) : nil }
    }

    /// The day of a GGA at `timeOfDay` that comes before any dated RMC: the first RMC's date (any
    /// status: a receiver without a fix still knows the date), or the day before when its time of
    /// day is earlier than the GGA's (midnight passed in between).
    private static func firstDay(in text: String, before timeOfDay: Double) -> Date? {
        for fields in sentences(in: text) where fields[0].suffix(3) == "RMC" && fields.count >= 10 {
            guard let date = date(fields[9]) else { continue }
            let day = midnight(date)
            guard let time = seconds(fields[1]), time < timeOfDay else { return day }
            return day.addingTimeInterval(-secondsPerDay)
        }
        return nil
    }

    private static func midnight(_ date: (year: Int, month: Int, day: Int)) -> Date {
        UTCTimeText.date(year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0)
    }

    /// A sentence of the same time as the last fix adds what it knows to it.
    private static func merge(_ fix: GuidanceFix, into fixes: inout [GuidanceFix]) {
        guard var last = fixes.last, last.time == fix.time else { return fixes.append(fix) }
        last.heading = last.heading ?? fix.heading
        last.speed = last.speed ?? fix.speed
        last.accuracy = last.accuracy ?? fix.accuracy
        fixes[fixes.count - 1] = last
    }

    /// How many lines look like NMEA sentences (`$` and a checksum), and how many of them have a
    /// wrong checksum: a log with no fix because every checksum is wrong says so.
    static func checksums(in text: String) -> (sentences: Int, wrong: Int) {
        var sentences = 0, wrong = 0
        for raw in text.utf8.split(whereSeparator: { $0 == 10 || $0 == 13 }) where raw.count <= 256 {
            guard let line = String(raw)?.trimmingCharacters(in: .whitespaces), line.hasPrefix("$"),
                  let star = line.lastIndex(of: "*") else { continue }
            sentences += 1
            let body = line[line.index(after: line.startIndex)..<star]
            let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            if UInt8(line[line.index(after: star)...], radix: 16) != sum { wrong += 1 }
        }
        return (sentences, wrong)
    }

    /// The fields of `$...*HH`, its checksum checked when it has one; nil when not a sentence.
    static func sentence(_ line: String) -> [Substring]? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("$") else { return nil }
        var body = Substring(trimmed.dropFirst())
        if let star = body.lastIndex(of: "*") {
            let given = body[body.index(after: star)...]
            body = body[..<star]
            let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            guard let value = UInt8(given, radix: 16), value == sum else { return nil }
        }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false)
        guard let head = fields.first, head.count == 5 else { return nil }
        return fields
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,E` in degrees.
    static func position(_ lat: Substring, _ ns: Substring, _ lon: Substring, _ ew: Substring) -> Coordinate? {
        guard let latValue = Double(lat), let lonValue = Double(lon), latValue.isFinite, lonValue.isFinite else { return nil }
        func degrees(_ value: Double) -> Double { (value / 100).rounded(.towardZero) + value.truncatingRemainder(dividingBy: 100) / 60 }
        let latitude = degrees(latValue) * (ns == "S" ? -1 : 1)
        let longitude = degrees(lonValue) * (ew == "W" ? -1 : 1)
        guard ns == "N" || ns == "S", ew == "E" || ew == "W" else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    /// `hhmmss.ss` as seconds of the day.
    static func seconds(_ text: Substring) -> Double? {
        guard text.count >= 6, let h = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)),
              let s = Double(text.dropFirst(4)), h < 24, m < 60, s >= 0, s < 61 else { return nil }
        return Double(h * 3600 + m * 60) + s
    }

    /// `ddmmyy` (years 80-99 are 1900s, as NMEA devices read them).
    static func date(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
        guard text.count == 6, let d = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)), let y = Int(text.suffix(2)),
              (1...31).contains(d), (1...12).contains(m) else { return nil }
        return (y >= 80 ? 1900 + y : 2000 + y, m, d)
    }
}
