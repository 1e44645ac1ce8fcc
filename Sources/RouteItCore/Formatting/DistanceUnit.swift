import Foundation

/// Which unit every distance is shown in; the shell's `units mi|km`.
public enum DistanceUnit: String, CaseIterable, Sendable {
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

    public var name: String { self == .miles ? "miles" : "kilometres" }
}
