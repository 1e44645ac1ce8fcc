import Foundation
import RouteItCore
import RouteItEngine

/// `routeit reverse LAT LON [--json]` (or `LAT,LON`): the nearest address within 50 m, else the
/// nearest named street.
enum ReverseTool {
    static let tool = Tool(
        name: "reverse", synopsis: "reverse LAT LON [--zoom N] [--json] [OPTIONS]",
        summary: "The address at a coordinate",
        details: """
        Prints the nearest address within 50 m, else the nearest named street (LAT LON or LAT,LON), \
        or with --zoom a coarser place as Nominatim's zoom asks it (the street, neighbourhood, suburb or town), \
        from Nominatim with --geocoder or ROUTEIT_GEOCODER, else the offline map. With --json it \
        prints one object in Nominatim's jsonv2 reverse format, or {"error":"Unable to geocode"}. \
        Exits 1 when nothing is near; a street more than 100 m away is said on stderr \
        ("Note: nothing nearer; Avenue de la Porte Neuve is 2.27 km from 43.720000,7.450000.").
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        let parts = arguments.count == 1
            ? arguments[0].split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            : arguments
        // Blanks alone are nothing to look up; said so, not only the synopsis.
        let blank = !arguments.isEmpty && arguments.allSatisfy { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard parts.count == 2 else { return tool.usageError(blank ? "give LAT LON (or LAT,LON) to look up" : nil) }
        guard let latitude = DecimalNumber.parse(parts[0]), let longitude = DecimalNumber.parse(parts[1]),
              Coordinate(latitude: latitude, longitude: longitude).isValid else {
            return tool.fail("not a coordinate: \(parts.joined(separator: " ")) (latitude -90...90, longitude -180...180)", code: 2)
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        do {
            let geocoder = try ToolServices.open(options).geocoder
            let detail = options.reverseDetail ?? .address
            let found = try ToolServices.waitOnThisThread { try await geocoder.place(at: coordinate, detail: detail) }
            // Nominatim's JSON names the address's districts; the line does not.
            let result = try found.map { options.json ? try geocoder.namingDistricts(of: [$0]).first ?? $0 : $0 }?.terminalSafe
            // A street kilometres off is said so (on stderr: --json stays Nominatim's object); a
            // town or district answered for a coarser zoom is its centre, far by nature.
            if let result, [.address, .street].contains(detail), let note = MapToolSupport.farNote(result, from: coordinate, unit: MapToolSupport.unit(options)) {
                printError(note)
            }
            if options.json {
                print(NominatimJSON.text(result.map(NominatimJSON.object) ?? ["error": "Unable to geocode"]))
            } else if let result {
                print(MapToolSupport.line(result))
                print(MapAttribution.text)
            } else {
                printError("No address or street nearby.")
            }
            return result == nil ? 1 : 0
        } catch let outside as Alert {
            // Outside the map: nothing there, as Nominatim says it for --json; why, on stderr.
            if options.json { print(NominatimJSON.text(["error": "Unable to geocode"])) }
            return tool.fail(outside.message, code: 1)
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
    }
}
