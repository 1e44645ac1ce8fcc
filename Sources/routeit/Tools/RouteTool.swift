import Foundation
import RouteItCore
import RouteItEngine

/// `routeit route LAT,LON LAT,LON [--mode car|walk] [--alternatives] [--json] [--map M]`:
/// routes on the embedded engine and prints the steps (or JSON for scripts).
enum RouteTool {
    static let usage = "usage: routeit route LAT,LON LAT,LON [--mode car|walk] [--alternatives] [--json] [--map MAP.routeit|FILE.osm.pbf]"

    struct Options {
        var from: Coordinate
        var to: Coordinate
        var mode: TransportType = .car
        var alternatives = false
        var json = false
        var map: String?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .failure(let message):
            fail(message)
            return 2
        case .success(let parsed):
            options = parsed
        }
        let directions: OfflineDirections
        do {
            // --map takes a .routeit map or an OSM file (imported on the fly); none: the default map.
            let map = try MapToolSupport.openMap(options.map)
            directions = try OfflineDirections(database: map.database)
        } catch {
            fail(UserMessage.sentence(for: error))
            return 1
        }
        do {
            // Street names are map data: cleaned for the terminal before anything prints them.
            let routes = try directions.routes(from: options.from, to: options.to, mode: options.mode,
                                               alternatives: options.alternatives).map(\.terminalSafe)
            print(options.json ? json(routes, options) : text(routes))
            return 0
        } catch {
            fail(UserMessage.sentence(for: error))
            return 1
        }
    }

    enum Parsed { case success(Options), failure(String) }

    static func parse(_ arguments: [String]) -> Parsed {
        var points: [Coordinate] = []
        var mode = TransportType.car, alternatives = false, json = false
        var map: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--mode":
                guard i + 1 < arguments.count, let m = TransportType(rawValue: arguments[i + 1]) else {
                    return .failure("--mode takes car or walk")
                }
                mode = m
                i += 1
            case "--alternatives": alternatives = true
            case "--json": json = true
            case "--map":
                guard i + 1 < arguments.count else { return .failure("--map takes a path") }
                map = arguments[i + 1]
                i += 1
            default:
                if a.hasPrefix("--") { return .failure("unknown option \(a)\n\(usage)") }
                guard let c = coordinate(a) else { return .failure("not a LAT,LON coordinate: \(a)") }
                points.append(c)
            }
            i += 1
        }
        guard points.count == 2 else { return .failure(usage) }
        return .success(Options(from: points[0], to: points[1], mode: mode, alternatives: alternatives, json: json, map: map))
    }

    static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = DecimalNumber.parse(parts[0].trimmingCharacters(in: .whitespaces)),
              let lon = DecimalNumber.parse(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        let c = Coordinate(latitude: lat, longitude: lon)
        return c.isValid ? c : nil
    }

    static func text(_ routes: [Route]) -> String {
        var lines: [String] = []
        for (i, route) in routes.enumerated() {
            let title = routes.count > 1 ? "Route \(i + 1)" : "Route"
            let name = route.name.isEmpty ? "" : " via \(route.name)"
            lines.append("\(title)\(name): \(distanceText(route.distance)), \(durationText(route.expectedTravelTime))")
            for (n, step) in route.steps.enumerated() {
                let tail = step.distance > 0 ? " (\(distanceText(step.distance)))" : ""
                lines.append("  \(n + 1). \(step.instruction)\(tail)")
            }
        }
        lines.append("© OpenStreetMap contributors")
        return lines.joined(separator: "\n")
    }

    static func distanceText(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(saturating: max(0, metres))) m" : String(format: "%.1f km", metres / 1000)
    }

    static func durationText(_ seconds: Double) -> String {
        let minutes = Int(saturating: seconds / 60)
        if minutes < 1 { return "\(Int(saturating: max(0, seconds))) s" }
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static func json(_ routes: [Route], _ options: Options) -> String {
        func point(_ c: Coordinate) -> [Double] {
            [(c.latitude * 1e6).rounded() / 1e6, (c.longitude * 1e6).rounded() / 1e6]
        }
        let object: [String: Any] = [
            "attribution": "© OpenStreetMap contributors",
            "mode": options.mode.rawValue,
            "from": point(options.from),
            "to": point(options.to),
            "routes": routes.map { route -> [String: Any] in
                [
                    "name": route.name,
                    "distance": (route.distance * 10).rounded() / 10,
                    "duration": (route.expectedTravelTime * 10).rounded() / 10,
                    "polyline": route.polyline.map(point),
                    "steps": route.steps.map { step -> [String: Any] in
                        ["instruction": step.instruction,
                         "distance": (step.distance * 10).rounded() / 10,
                         "duration": (step.expectedTravelTime * 10).rounded() / 10]
                    },
                ]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data("routeit route: \(message)\n".utf8))
    }
}
