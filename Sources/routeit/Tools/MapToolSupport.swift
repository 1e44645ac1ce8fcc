import Foundation
import RouteItCore
import RouteItEngine

/// What the map tools (import, geocode, reverse) share: argument splitting, one-line errors,
/// opening `--map`, JSON of placemarks.
enum MapToolSupport {
    /// Splits `arguments` into positionals and the values of `options` (which take a value) and
    /// `flags` (which do not). Negative numbers are positionals. Throws a one-line usage error.
    static func parse(_ arguments: [String], options: Set<String>, flags: Set<String>) throws
        -> (positionals: [String], options: [String: String], flags: Set<String>) {
        var positionals: [String] = []
        var values: [String: String] = [:]
        var seen = Set<String>()
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if options.contains(arg) {
                guard i + 1 < arguments.count else { throw ToolError("\(arg) needs a value") }
                values[arg] = arguments[i + 1]
                i += 2
                continue
            }
            if flags.contains(arg) {
                seen.insert(arg)
            } else if arg.hasPrefix("-"), arg.count > 1, DecimalNumber.parse(arg) == nil, !arg.contains(",") {
                throw ToolError("unknown option \(arg)")
            } else {
                positionals.append(arg)
            }
            i += 1
        }
        return (positionals, values, seen)
    }

    static func fail(_ tool: String, _ message: String, code: Int32) -> Int32 {
        FileHandle.standardError.write(Data("routeit \(tool): \(message)\n".utf8))
        return code
    }

    static func openMap(_ path: String?) throws -> RouteItMap {
        try MapLibrary().open(path: path, progress: ImportProgressBar())
    }

    struct PlacemarkJSON: Encodable {
        var formattedAddress: String
        var formattedAddressLines: [String]
        var name: String?
        var houseNumber: String?
        var street: String?
        var postalCode: String?
        var city: String?
        var latitude: Double
        var longitude: Double

        init(_ p: Placemark) {
            formattedAddress = p.formattedAddress
            formattedAddressLines = p.formattedAddressLines
            name = p.name
            houseNumber = p.houseNumber
            street = p.street
            postalCode = p.postalCode
            city = p.city
            latitude = p.coordinate.latitude
            longitude = p.coordinate.longitude
        }
    }

    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// "Annankatu 25, 00100 Helsinki  60.167050,24.938200"
    static func line(_ p: Placemark) -> String { "\(p.formattedAddress)  \(p.coordinate)" }
}

struct ToolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
