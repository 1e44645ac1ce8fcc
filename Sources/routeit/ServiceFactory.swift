import Foundation
import RouteItCore

/// The services a session talks to, as built from the command line.
struct AppServices {
    var geocoder: Geocoding
    var directions: Directions
    var backdrop: MapBackdropProviding?
}

/// Why the services could not be built: shown to the user as one line (`! <message>`).
struct ServiceUnavailable: Error, CustomStringConvertible {
    var description: String
}

/// Builds the geocoder, router and map backdrop from the shell options. The one place that
/// chooses backends: the embedded engine on a map file by default, OSRM/Nominatim when asked.
/// The shell calls it lazily (at the first lookup or route), so commands that need no map keep
/// working when the map is missing.
enum ServiceFactory {
    /// Credit for the data every supported backend is built from.
    static let openStreetMapAttribution = "© OpenStreetMap contributors"

    static func attribution(for options: ShellOptions) -> String? { openStreetMapAttribution }

    static func makeServices(_ options: ShellOptions) throws -> AppServices {
        if options.osrmURL != nil {
            throw ServiceUnavailable(description: "OSRM directions (--directions osrm=URL) are not supported by this build yet.")
        }
        if options.nominatimURL != nil {
            throw ServiceUnavailable(description: "Nominatim geocoding (--geocoder nominatim=URL) is not supported by this build yet.")
        }
        throw ServiceUnavailable(description: "The offline map engine is not in this build yet, so addresses and routes are unavailable.")
    }
}
