import Foundation
import RouteItCore
import RouteItEngine

/// `routeit geocode TEXT [--json]`: the candidates the app's picker would offer, from the
/// geocoder the shell would use (Nominatim with `--geocoder`/ROUTEIT_GEOCODER, else the map).
enum GeocodeTool {
    static let tool = Tool(
        name: "geocode", synopsis: "geocode TEXT [--json] [OPTIONS]",
        summary: "Look an address up; print the matches",
        details: """
        Prints one match per line (address, then LAT,LON), best first, from the geocoder the shell \
        would use: Nominatim with --geocoder or ROUTEIT_GEOCODER, else the offline map. A LAT,LON \
        finds the address there, as `reverse` does (and Nominatim's search). With --json \
        it prints a JSON array in Nominatim's jsonv2 format (place_id, lat and lon as strings, \
        display_name, category, type, address, boundingbox). Exits 1 when nothing matches.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        let text = arguments.joined(separator: " ")
        // Blanks alone are nothing to look up: a usage error, not "Address not found." as if searched.
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return tool.usageError(arguments.isEmpty ? nil : "give an address, a place's name or LAT,LON to look up")
        }
        do {
            let services = try ToolServices.open(options)
            let geocoder = services.geocoder
            // Names from the map or a server: cleaned for the terminal before anything prints them.
            let found = try ToolServices.waitOnThisThread { try await geocoder.places(matching: text, near: options.near) }
            // Nominatim's JSON names each address's districts; the lines do not.
            let results = try (options.json ? geocoder.namingDistricts(of: found) : found).map(\.terminalSafe)
            // A coordinate asked is answered by the place there, as `reverse` answers it: far off, said so.
            if let asked = Coordinate(text: text), let first = results.first,
               let note = MapToolSupport.farNote(first, from: asked, unit: MapToolSupport.unit(options)) {
                printError(note)
            }
            if options.json {
                print(NominatimJSON.text(results.map(NominatimJSON.object)))
            } else if results.isEmpty {
                printError("Address not found.")
            } else {
                // Said apart from the rows (standard error), which stay one place a line.
                if let note = results.first?.geocoderNote { printError("Note: \(note).") }
                results.forEach { print(MapToolSupport.line($0)) }
                print(MapAttribution.text)
            }
            // The answer is out: the process ends with the geocoder still open (its statements
            // and word tables freed one by one were a thirtieth of a cold query).
            withExtendedLifetime(services) { StandardStreams.exit(results.isEmpty ? 1 : 0) }
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
    }
}
