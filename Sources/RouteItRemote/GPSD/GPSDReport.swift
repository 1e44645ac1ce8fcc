import Foundation
import RouteItCore

/// One line of gpsd's JSON protocol, as far as locating needs it. Numbers are checked before
/// they are believed: a position must be finite and on the globe, an accuracy finite and sane.
enum GPSDReport: Equatable {
    /// A TPV report with a 2D or 3D fix and a valid position.
    case fix(LocationFix)
    /// A TPV report without a usable fix (mode 0/1, or a position that is not one).
    case noFix
    /// The DEVICES report: how many receivers gpsd has.
    case devices(Int)
    /// VERSION, WATCH, SKY, ...: nothing to act on.
    case other

    /// An accuracy beyond this (metres) is not an estimate worth showing.
    static let largestAccuracy = 100_000.0

    /// nil when `line` is not a JSON object with a `class` (not gpsd speaking).
    static func parse(_ line: String) -> GPSDReport? {
        guard let report = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)) else { return nil }
        switch report.reportClass {
        case "TPV":
            guard let mode = report.mode, mode >= 2, let latitude = report.lat, let longitude = report.lon else { return .noFix }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { return .noFix }
            let accuracy = report.eph.flatMap { $0.isFinite && $0 >= 0 && $0 <= largestAccuracy ? $0 : nil }
            return .fix(LocationFix(coordinate: coordinate, horizontalAccuracy: accuracy))
        case "DEVICES":
            return .devices(report.devices ?? 0)
        default:
            return .other
        }
    }

    /// A TPV report's fix with its own time, course and speed, for following a trip; nil for any
    /// other line, a TPV without a fix or without a time. gpsd's `eph` is a 95 % bound (about
    /// 19 m per unit of HDOP); the follower's accuracy is nearer one standard deviation: half of it.
    static func guidanceFix(_ line: String) -> GuidanceFix? {
        guard let report = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)), report.reportClass == "TPV",
              let mode = report.mode, mode >= 2, let latitude = report.lat, let longitude = report.lon,
              let time = report.time.flatMap(UTCTimeText.parse) else { return nil }
        return GuidanceFix(coordinate: Coordinate(latitude: latitude, longitude: longitude), time: time,
                           heading: report.track, speed: report.speed, accuracy: report.eph.map { $0 / 2 })
    }

    /// The fields read; one of the wrong type counts as missing rather than failing the line.
    private struct Fields: Decodable {
        var reportClass: String
        var mode: Int?
        var lat: Double?
        var lon: Double?
        var eph: Double?
        var devices: Int?
        var time: String?
        var track: Double?
        var speed: Double?

        enum CodingKeys: String, CodingKey {
            case reportClass = "class", mode, lat, lon, eph, devices, time, track, speed
        }

        struct AnyValue: Decodable {}

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            reportClass = try c.decode(String.self, forKey: .reportClass)
            mode = try? c.decode(Int.self, forKey: .mode)
            lat = try? c.decode(Double.self, forKey: .lat)
            lon = try? c.decode(Double.self, forKey: .lon)
            eph = try? c.decode(Double.self, forKey: .eph)
            devices = (try? c.decode([AnyValue].self, forKey: .devices))?.count
            time = try? c.decode(String.self, forKey: .time)
            track = try? c.decode(Double.self, forKey: .track)
            speed = try? c.decode(Double.self, forKey: .speed)
        }
    }
}
