import Foundation
import RouteItCore
import RouteItEngine

/// `routeit reverse LAT LON [--json] [--map M]` (or `LAT,LON`): the nearest address within
/// 50 m, else the nearest named street. Exit 1 when there is none, 2 on bad arguments.
enum ReverseTool {
    static let usage = "usage: routeit reverse LAT LON [--json] [--map MAP]"

    struct Output: Encodable {
        var latitude: Double
        var longitude: Double
        var result: MapToolSupport.PlacemarkJSON?
        var attribution: String
    }

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: (positionals: [String], options: [String: String], flags: Set<String>)
        do {
            parsed = try MapToolSupport.parse(arguments, options: ["--map"], flags: ["--json"])
        } catch {
            return MapToolSupport.fail("reverse", "\(error); \(usage)", code: 2)
        }
        let parts = parsed.positionals.count == 1
            ? parsed.positionals[0].split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            : parsed.positionals
        guard parts.count == 2 else { return MapToolSupport.fail("reverse", usage, code: 2) }
        guard let latitude = DecimalNumber.parse(parts[0]), let longitude = DecimalNumber.parse(parts[1]),
              Coordinate(latitude: latitude, longitude: longitude).isValid else {
            return MapToolSupport.fail("reverse", "not a coordinate: \(parts.joined(separator: " ")) (latitude -90...90, longitude -180...180)", code: 2)
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        do {
            let geocoder = try OfflineGeocoder(map: MapToolSupport.openMap(parsed.options["--map"]))
            let result = try geocoder.reverse(coordinate)?.terminalSafe
            if parsed.flags.contains("--json") {
                try MapToolSupport.printJSON(Output(latitude: latitude, longitude: longitude,
                                                    result: result.map(MapToolSupport.PlacemarkJSON.init),
                                                    attribution: MapSchema.attribution))
            } else if let result {
                print(MapToolSupport.line(result))
                print(MapSchema.attribution)
            } else {
                print("No address or street nearby.")
            }
            return result == nil ? 1 : 0
        } catch {
            return MapToolSupport.fail("reverse", UserMessage.sentence(for: error), code: 1)
        }
    }
}
