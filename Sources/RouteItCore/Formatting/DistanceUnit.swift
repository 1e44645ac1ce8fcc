import Foundation

/// Which unit every distance is shown in; the shell's `units mi|km`.
public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    case miles = "mi"
    case kilometres = "km"

    public static let metresPerMile = 1609.344

    /// Two decimals and the unit's name: `0.25 miles`, `0.40 km`. A distance is never negative
    /// (no "-0.00 miles") and never NaN.
    public func format(metres: Double) -> String {
        let metres = metres.isNaN ? 0 : max(0, metres)
        switch self {
        case .miles: return String(format: "%.2f miles", metres / Self.metresPerMile)
        case .kilometres: return String(format: "%.2f km", metres / 1000)
        }
    }

    /// A short distance as said in a sentence, rounded to tens: `120 m`, `390 ft`; from a
    /// kilometre (or 1000 ft) on, as `format` gives it.
    public func roughly(metres: Double) -> String {
        let metres = metres.isNaN ? 0 : max(0, metres)
        let small = self == .kilometres ? metres : metres / 0.3048
        guard small < 1000 else { return format(metres: metres) }
        return "\(Int((small / 10).rounded()) * 10) \(self == .kilometres ? "m" : "ft")"
    }

    /// The unit a first session shows, from the locale (`LC_ALL`, then `LC_MEASUREMENT`, then
    /// `LANG`): miles where road distances are given in miles (the US, the UK, Liberia, Myanmar),
    /// kilometres elsewhere. A locale that names no country (`C`, `POSIX`, unset) keeps the
    /// app's long-standing miles.
    public static func firstRun(environment: [String: String]) -> DistanceUnit {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // language[_TERRITORY][.codeset][@modifier]
        let base = locale.split(separator: ".").first.map(String.init) ?? ""
        let parts = base.split(separator: "@").first.map(String.init)?.split(separator: "_") ?? []
        guard parts.count >= 2 else { return .miles }
        return ["US", "GB", "LR", "MM"].contains(parts[1].uppercased()) ? .miles : .kilometres
    }

    public var name: String { self == .miles ? "miles" : "kilometres" }
}
