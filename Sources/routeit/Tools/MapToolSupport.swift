import Foundation
import RouteItCore

/// What the tools' plain-text output shares.
enum MapToolSupport {
    /// "Annankatu 25, 00100 Helsinki  60.167050,24.938200"
    static func line(_ p: Placemark) -> String { "\(p.formattedAddress)  \(p.coordinate)" }
}
