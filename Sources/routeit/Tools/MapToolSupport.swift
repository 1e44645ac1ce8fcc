import Foundation
import RouteItCore

/// What the tools' plain-text output shares.
enum MapToolSupport {
    /// One place a line, "Annankatu 25, 00100 Helsinki  60.167050,24.938200", its name from the
    /// map cleaned for the terminal (`TerminalSafeText`).
    static func line(_ p: Placemark) -> String { TerminalSafeText.clean("\(p.formattedAddress)  \(p.coordinate)") }

    /// Farther than this, the place answered for a coordinate is said to be far: the map's
    /// nearest street may lie kilometres off (a point at sea), and the answer alone reads as if
    /// it were there.
    static let farMetres = 100.0

    /// `Note: the nearest is 2.3 km from 43.720000,7.450000.` for an answer that far, else nil.
    static func farNote(_ answer: Placemark, from asked: Coordinate, unit: DistanceUnit) -> String? {
        let metres = asked.distance(to: answer.coordinate)
        guard metres > farMetres else { return nil }
        return "Note: nothing nearer; \(answer.formattedAddressLines.first ?? answer.formattedAddress) is \(unit.roughly(metres: metres)) from \(asked)."
    }

    /// The unit a tool's distances are in: `--units`, else the locale's (route, table, go, notes).
    static func unit(_ options: ShellOptions) -> DistanceUnit {
        options.distanceUnit ?? .firstRun(environment: ProcessEnvironment.variables)
    }
}
