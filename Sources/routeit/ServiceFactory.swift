import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// The services a session talks to, as built from the command line.
struct AppServices {
    var geocoder: Geocoding
    var directions: Directions
    var backdrop: MapBackdropProviding?
    /// The OSRM/Nominatim servers in use and their state (`backend`); nil when all is embedded.
    var remote: RemoteBackends? = nil
    /// The embedded map's area (`use`, and "outside the … map"); nil without a map.
    var area: MapArea? = nil
    /// The trip's clock on this map (`LocalCalendar.forMap(area)`), worked out once as the shell
    /// opens the map; nil for the tools, which ask `forMap` once themselves.
    var calendar: LocalCalendar? = nil
    /// The embedded map file as it was opened: whether it is still so (`MapFileWatch`), and its
    /// file's name, for the shell, which outlives a map truncated or rewritten under it.
    var mapFile: (name: String, health: @Sendable () -> MapFileHealth)? = nil

    /// The area a place must lie in to be routed: the embedded map's when it routes (a
    /// geocoding server alone changes nothing); none with a routing server, whose own map may
    /// reach further.
    var placeArea: MapArea? { remote?.routesOnServer == true ? nil : area }
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
    /// `notices` carries the servers' state changes to the user; `monitors`, when given, are
    /// the ones already watching these servers (see `serverMonitors`); `cancellation` stops a
    /// map import on its way.
    static func makeServices(_ options: ShellOptions, notices: BackendNotices, monitors: BackendMonitors?,
                             cancellation: CancellationFlag) throws -> AppServices {
        let servers = try serverURLs(options)
        guard servers.osrm != nil || servers.nominatim != nil else {
            return try embeddedServices(mapPath: options.mapPath, cancellation: cancellation)
        }
        return try remoteServices(options, osrmURL: servers.osrm, nominatimURL: servers.nominatim,
                                  notices: notices, monitors: monitors, cancellation: cancellation)
    }

    /// The configured servers: the options, else ROUTEIT_DIRECTIONS / ROUTEIT_GEOCODER.
    static func serverURLs(_ options: ShellOptions) throws -> (osrm: URL?, nominatim: URL?) {
        do {
            // Read once: each read copies the whole environment (a tenth of a cold route's work).
            guard options.osrmURL == nil || options.nominatimURL == nil else { return (options.osrmURL, options.nominatimURL) }
            let environment = ProcessEnvironment.variables(named: ["ROUTEIT_DIRECTIONS", "ROUTEIT_GEOCODER"])
            return (try options.osrmURL ?? BackendSpec.directionsFromEnvironment(environment),
                    try options.nominatimURL ?? BackendSpec.geocoderFromEnvironment(environment))
        } catch {
            throw ServiceUnavailable(description: UserMessage.sentence(for: error))
        }
    }

    /// Monitors for the configured servers, nil when there are none (or their names are bad:
    /// that is reported when the services open).
    static func serverMonitors(_ options: ShellOptions, notices: BackendNotices) -> BackendMonitors? {
        guard let servers = try? serverURLs(options), servers.osrm != nil || servers.nominatim != nil else { return nil }
        return BackendMonitors(osrmURL: servers.osrm, nominatimURL: servers.nominatim, notices: notices)
    }

    /// OSRM and/or Nominatim with the embedded engine as their fallback (and for whichever
    /// service has no server). With both servers set, a missing map only loses the fallback.
    static func remoteServices(_ options: ShellOptions, osrmURL: URL?, nominatimURL: URL?,
                               notices: BackendNotices, monitors: BackendMonitors?,
                               cancellation: CancellationFlag) throws -> AppServices {
        let embedded: AppServices?
        do {
            embedded = try embeddedServices(mapPath: options.mapPath, cancellation: cancellation)
        } catch where osrmURL != nil && nominatimURL != nil && !(error is CancellationError) {
            embedded = nil
        }
        let backends = try RemoteBackends(
            offlineDirections: embedded?.directions, offlineGeocoder: embedded?.geocoder,
            osrmURL: osrmURL, osrmWalkingURL: try walkingURL(), osrmCyclingURL: try cyclingURL(), nominatimURL: nominatimURL,
            configuration: RemoteConfiguration(timeout: options.timeout, maxAttempts: 2),
            notices: notices, monitors: monitors)
        return AppServices(geocoder: backends.geocoder, directions: backends.directions,
                           backdrop: embedded?.backdrop, remote: backends, area: embedded?.area, mapFile: embedded?.mapFile)
    }

    /// ROUTEIT_DIRECTIONS_WALK=osrm=URL: the foot-profile server, when it is a separate one.
    private static func walkingURL() throws -> URL? {
        do {
            return try BackendSpec.walkingDirectionsFromEnvironment()
        } catch {
            throw ServiceUnavailable(description: UserMessage.sentence(for: error))
        }
    }

    /// ROUTEIT_DIRECTIONS_BIKE=osrm=URL: the bicycle-profile server, when it is a separate one.
    private static func cyclingURL() throws -> URL? {
        do {
            return try BackendSpec.cyclingDirectionsFromEnvironment()
        } catch {
            throw ServiceUnavailable(description: UserMessage.sentence(for: error))
        }
    }

    /// The embedded engine on `--map NAME|PATH` (an installed map, a .routeit map, or an OSM file
    /// imported on the fly) or on the default Helsinki map (imported from the fetched extract when
    /// missing). The engine itself says when a point lies outside the map's area.
    static func embeddedServices(mapPath: String?, cancellation: CancellationFlag) throws -> AppServices {
        let map = try MapLibrary().open(path: mapPath, progress: ImportProgressBar(cancellation: cancellation))
        let directions = try OfflineDirections(map: map)
        return AppServices(geocoder: LazyOfflineGeocoder(map: map), directions: directions, backdrop: directions, area: map.area,
                           mapFile: ((map.path as NSString).lastPathComponent, { directions.mapFileHealth }))
    }

    /// Where `locate` reads the position: `--location`, else ROUTEIT_LOCATION (checked at start),
    /// else `fallback` (the shell: gpsd on localhost); nil for the simulated position only. A fix
    /// waits `--timeout`.
    static func locationDevice(_ options: ShellOptions, fallback: LocationSourceSpec = .default) -> LocationProviding? {
        switch options.location ?? (try? LocationSourceSpec.fromEnvironment()) ?? fallback {
        case .gpsd(let address): return GPSDLocationProvider(address: address, fixTimeout: options.timeout)
        case .simulated, .replay: return nil
        }
    }
}
