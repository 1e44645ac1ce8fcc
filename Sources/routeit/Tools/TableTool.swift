import Foundation
import RouteItCore

/// `routeit table PLACE PLACE... [--sources I;J] [--destinations I;J] [--mode] [--avoid] [--json]`:
/// travel times and distances between places in one search, as OSRM's `/table` answers them.
enum TableTool {
    /// More places than this are refused before anything is computed (OSRM's default
    /// `--max-table-size` is 100; a day of 200 stops needs 201).
    static let maxPlaces = 1_000

    static let tool = Tool(
        name: "table", synopsis: "table PLACE PLACE... [--sources I;J...] [--destinations I;J...] [--distances] [--mode car|walk|bike] [--avoid CLASS,...] [--units mi|km] [--json] [OPTIONS]",
        summary: "Travel times and distances between many places at once",
        details: """
        Each PLACE is LAT,LON or an address (its geocoder's first match). Prints, for every \
        source and destination (all places unless --sources or --destinations name some, by \
        their 0-based position), the travel time (and with --distances the distance), one row per \
        source; "-" where no route joins two places. With --json it prints OSRM's table response \
        (code, durations in seconds, with --distances distances in metres, sources, destinations; \
        null where there is no route). \
        Times come from the same router as `route`: OSRM's /table with --directions or \
        ROUTEIT_DIRECTIONS, else the map's own many-to-many search. At most \(maxPlaces) places.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else {
            return report(RouteTool.Failure(code: "InvalidQuery", message: "table needs at least two places; usage: routeit \(tool.synopsis)",
                                            exitStatus: 2), options)
        }
        guard arguments.count <= maxPlaces else {
            return report(RouteTool.Failure(code: "TooBig", message: "\(arguments.count) places; a table takes at most \(maxPlaces)",
                                            exitStatus: 2), options)
        }
        for (name, indices) in [("--sources", options.tableSources), ("--destinations", options.tableDestinations)] {
            if let bad = indices?.first(where: { $0 >= arguments.count }) {
                return report(RouteTool.Failure(code: "InvalidValue",
                                                message: "\(name) names place \(bad), but the places are numbered 0-\(arguments.count - 1)",
                                                exitStatus: 2), options)
            }
        }
        do {
            let services = try ToolServices.open(options)
            let places = try arguments.map { try RouteTool.waypoint($0, geocoder: services.geocoder, near: options.near) }
            let sources = (options.tableSources ?? Array(places.indices)).map { places[$0] }
            let destinations = (options.tableDestinations ?? Array(places.indices)).map { places[$0] }
            let request = TravelTableRequest(sources: sources.map(\.item), destinations: destinations.map(\.item),
                                             transportType: options.transportType ?? .car, avoid: options.avoid ?? [],
                                             wantsDistances: options.tableDistances, wantsRoads: options.json)
            let table = try ToolServices.waitOnThisThread { try await services.directions.table(request) }
            if options.json {
                print(OSRMTableJSON.text(table, sources: sources, destinations: destinations))
            } else {
                let unit = MapToolSupport.unit(options)
                print(TerminalSafeText.cleanKeepingLayout(text(table, sources: sources, destinations: destinations, unit: unit)))
            }
            return 0
        } catch let failure as RouteTool.Failure {
            return report(failure, options)
        } catch let alert as Alert where alert.reason == .outsideMap {
            return report(RouteTool.Failure(code: "NoSegment", message: alert.message), options)
        } catch let error as DirectionsError {
            return report(RouteTool.Failure(code: error == .noRoute ? "NoRoute" : "InvalidQuery", message: error.description), options)
        } catch {
            return report(RouteTool.Failure(code: "Unavailable", message: UserMessage.sentence(for: error)), options)
        }
    }

    private static func report(_ failure: RouteTool.Failure, _ options: ShellOptions) -> Int32 {
        if options.json { print(OSRMRouteJSON.failure(code: failure.code, message: failure.message)) }
        return tool.fail(failure.message, code: failure.exitStatus)
    }

    /// One line per source: `from PLACE:` then each destination's time and distance.
    static func text(_ table: TravelTable, sources: [OSRMRouteJSON.Waypoint], destinations: [OSRMRouteJSON.Waypoint],
                     unit: DistanceUnit) -> String {
        var lines: [String] = []
        for (i, source) in sources.enumerated() {
            lines.append("From \(label(source)):")
            for (j, destination) in destinations.enumerated() {
                let duration = table.durations[i][j], distance = table.distances?[i][j] ?? nil
                let value = duration.map { TravelTimeFormatter.string(from: $0) + (distance.map { ", " + unit.format(metres: $0) } ?? "") } ?? "-"
                lines.append("  to \(label(destination)): \(value)")
            }
        }
        lines.append(MapAttribution.text)
        return lines.joined(separator: "\n")
    }

    private static func label(_ place: OSRMRouteJSON.Waypoint) -> String {
        Coordinate(text: place.query) != nil ? place.query : place.item.placemark.formattedAddress
    }
}
