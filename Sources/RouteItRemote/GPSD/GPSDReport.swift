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

    /// The fields read; one of the wrong type counts as missing rather than failing the line.
    private struct Fields: Decodable {
        var reportClass: String
        var mode: Int?
        var lat: Double?
        var lon: Double?
        var eph: Double?
        var devices: Int?

        enum CodingKeys: String, CodingKey {
            case reportClass = "class", mode, lat, lon, eph, devices
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
        }
    }
}
