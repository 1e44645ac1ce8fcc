import Foundation
import RouteItCore

/// How `locate` says where the position came from: `60.171000,24.941400 ±17 m (gpsd at
/// localhost:2947)`.
public enum LocationText {
    public static func describe(_ located: LocationViewModel.Located) -> String {
        let accuracy = located.fix.horizontalAccuracy.map { " " + self.accuracy($0) } ?? ""
        return "\(located.fix.coordinate)\(accuracy) (\(located.sourceName))"
    }

    /// `±17 m`, `±1.2 km`: the horizontal error estimate, rounded.
    public static func accuracy(_ metres: Double) -> String {
        // A device may report NaN or infinity: never a trap, and never "±nan km".
        guard metres.isFinite else { return "±? m" }
        let metres = max(0, metres)
        return metres < 1000 ? "±\(Int(saturating: metres)) m" : String(format: "±%.1f km", metres / 1000)
    }
}
