import Foundation
import RouteItCore

/// What the tools' plain-text output shares.
enum MapToolSupport {
    /// One place a line, "Annankatu 25, 00100 Helsinki  60.167050,24.938200", its name from the
    /// map cleaned for the terminal (`TerminalSafeText`).
    static func line(_ p: Placemark) -> String { TerminalSafeText.clean("\(p.formattedAddress)  \(p.coordinate)") }
}
