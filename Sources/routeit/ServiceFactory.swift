import Foundation
import RouteItCore
import RouteItEngine

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
        return try embeddedServices(mapPath: options.mapPath)
    }

    /// The embedded engine on `--map PATH` (a .routeit map, or an OSM file imported on the fly)
    /// or on the default Helsinki map (imported from the fetched extract when missing).
    static func embeddedServices(mapPath: String?) throws -> AppServices {
        let map = try MapLibrary().open(path: mapPath, progress: ImportProgressBar())
        let directions = try OfflineDirections(database: map.database)
        return AppServices(geocoder: try OfflineGeocoder(map: map), directions: directions, backdrop: directions)
    }
}
