import Foundation
import RouteItCore
import RouteItEngine

/// `routeit geocode TEXT [--json] [--map M]`: the candidates the app's picker would offer.
/// Exit 0 with results, 1 when nothing matches ("Address not found."), 2 on bad arguments.
enum GeocodeTool {
    static let usage = "usage: routeit geocode TEXT [--json] [--map MAP]"

    struct Output: Encodable {
        var query: String
        var results: [MapToolSupport.PlacemarkJSON]
        var attribution: String
    }

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: (positionals: [String], options: [String: String], flags: Set<String>)
        do {
            parsed = try MapToolSupport.parse(arguments, options: ["--map"], flags: ["--json"])
        } catch {
            return MapToolSupport.fail("geocode", "\(error); \(usage)", code: 2)
        }
        guard !parsed.positionals.isEmpty else { return MapToolSupport.fail("geocode", usage, code: 2) }
        let text = parsed.positionals.joined(separator: " ")
        do {
            let geocoder = try OfflineGeocoder(map: MapToolSupport.openMap(parsed.options["--map"]))
            let results = try geocoder.search(text).map(\.terminalSafe)
            if parsed.flags.contains("--json") {
                try MapToolSupport.printJSON(Output(query: text, results: results.map(MapToolSupport.PlacemarkJSON.init),
                                                    attribution: MapSchema.attribution))
            } else if results.isEmpty {
                print("Address not found.")
            } else {
                results.forEach { print(MapToolSupport.line($0)) }
                print(MapSchema.attribution)
            }
            return results.isEmpty ? 1 : 0
        } catch {
            return MapToolSupport.fail("geocode", UserMessage.sentence(for: error), code: 1)
        }
    }
}
