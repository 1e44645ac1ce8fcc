import Foundation
import RouteItCore

/// An OSRM v1 request read from its URL: `/{service}/v1/{profile}/{coordinates}[.json]?{options}`
/// (coordinates `LON,LAT;LON,LAT` or `polyline(...)`/`polyline6(...)`), every option checked as
/// osrm-routed checks it, with its error codes. Parsing only: `OSRMService` answers it.
struct OSRMQuery {
    enum Service: String, CaseIterable { case route, table, nearest, trip }
    typealias Overview = OSRMRouteOptions.Overview
    typealias Geometries = OSRMRouteOptions.Geometries

    var service: Service
    var profile: TransportType
    var coordinates: [Coordinate]
    var alternatives = 0
    var steps = false
    var overview = Overview.simplified
    var geometries = Geometries.polyline
    /// route/trip: `duration`, `distance`, `speed`, `weight`, `nodes`, `datasources`; table:
    /// `duration`, `distance`.
    var annotations: Set<String> = []
    var exclude: RoadAvoidance = []
    /// Metres per coordinate; nil is unlimited.
    var radiuses: [Double?] = []
    /// Checked as OSRM checks them (value 0-360, range 0-180): a place snaps to a road the mode may
    /// travel within them (`nearest`, and a route's, trip's or table's places).
    var bearings: [(value: Int, range: Int)?] = []
    /// The side of the road each place is reached and left by (`curb`, `opposite`); empty or
    /// nil: either.
    var approaches: [RoadSideApproach?] = []
    /// Per coordinate, the hint an earlier answer gave for it (`OSRMHint`); empty or nil: none.
    var hints: [String?] = []
    var sources: [Int]?
    var destinations: [Int]?
    /// route: the coordinates that end legs (OSRM's `waypoints`); nil: every one.
    var waypointIndices: [Int]?
    /// table: the durations multiplied by it (OSRM's `scale_factor`).
    var scaleFactor = 1.0
    var number = 1
    var roundtrip = true
    /// route: whether the route leaves each via place the way it arrived (OSRM's
    /// `continue_straight`); nil (`default`): the profile's rule (`StopTurnaround`).
    var continueStraight: Bool?
    /// OSRM's `skip_waypoints`: no `waypoints` (route, trip, nearest), no `sources` and
    /// `destinations` (table).
    var skipWaypoints = false
    /// OSRM's `generate_hints`: false writes no waypoint `hint`.
    var generateHints = true
    /// The coordinates as the URL gave them, once `coordinates` are moved (bearings, hints).
    var asked: [Coordinate] = []
    /// The map's fingerprint, for the waypoints' hints.
    var mapFingerprint: UInt32?
    /// How the answer's routes are written (the same options `routeit route --json` takes).
    var routeOptions: OSRMRouteOptions {
        OSRMRouteOptions(overview: overview, geometries: geometries, steps: steps, annotations: annotations, mapFingerprint: mapFingerprint,
                         skipWaypoints: skipWaypoints, generateHints: generateHints)
    }
    var source = "any"
    var destination = "any"

    /// An OSRM error: `{"code":..., "message":...}` with this HTTP status.
    struct Failure: Error {
        var code: String
        var message: String
        var status = 400
    }

    static let profiles: [String: TransportType] = [
        "driving": .car, "car": .car, "walking": .walk, "foot": .walk, "cycling": .bike, "bike": .bike, "bicycle": .bike,
    ]

    private static let common: Set<String> = ["bearings", "radiuses", "generate_hints", "hints", "approaches", "exclude", "snapping", "skip_waypoints"]
    private static let options: [Service: Set<String>] = [
        .route: ["alternatives", "steps", "annotations", "geometries", "overview", "continue_straight", "waypoints"],
        .table: ["sources", "destinations", "annotations", "fallback_speed", "fallback_coordinate", "scale_factor"],
        .nearest: ["number"],
        .trip: ["roundtrip", "source", "destination", "steps", "annotations", "geometries", "overview"],
    ]

    /// `path` percent-decoded; `maxCoordinates` is checked before any coordinate is read.
    init(path: String, query: [(name: String, value: String)], maxCoordinates: Int) throws {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count == 4 else {
            throw Failure(code: "InvalidUrl", message: "URL string malformed: expected /{service}/v1/{profile}/{coordinates}")
        }
        guard let service = Service(rawValue: parts[0]) else {
            throw Failure(code: "InvalidService", message: "Service \(QuotedInput.text(String(parts[0]))) not found!")
        }
        guard parts[1] == "v1" else { throw Failure(code: "InvalidVersion", message: "Service \(parts[0]) version \(QuotedInput.text(String(parts[1]))) not found!") }
        guard let profile = Self.profiles[parts[2]] else {
            throw Failure(code: "InvalidUrl", message: "profile \(QuotedInput.text(String(parts[2]))) is not served: driving (car), walking (foot) or cycling (bike)")
        }
        if parts[3].hasSuffix(".json") { parts[3].removeLast(5) }
        self.service = service
        self.profile = profile
        coordinates = try Self.coordinates(parts[3], max: maxCoordinates)
        try read(query)
        try check()
    }

    private static func coordinates(_ text: String, max: Int) throws -> [Coordinate] {
        for (prefix, precision) in [("polyline(", 5), ("polyline6(", 6)] where text.hasPrefix(prefix) {
            guard text.hasSuffix(")"), let points = EncodedPolyline.decode(String(text.dropFirst(prefix.count).dropLast()), precision: precision),
                  !points.isEmpty else {
                throw Failure(code: "InvalidUrl", message: "URL string malformed: not an encoded polyline in \(prefix)...)")
            }
            guard points.count <= max else { throw tooMany(points.count, max) }
            return points
        }
        let count = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ";") ? 1 : 0) }
        guard count <= max else { throw tooMany(count, max) }
        return try text.split(separator: ";", omittingEmptySubsequences: false).map { pair in
            let lonLat = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard lonLat.count == 2, let lon = DecimalNumber.parse(lonLat[0]), let lat = DecimalNumber.parse(lonLat[1]) else {
                throw Failure(code: "InvalidUrl", message: "URL string malformed close to coordinate \"\(pair.prefix(40))\": expected LON,LAT;LON,LAT")
            }
            let c = Coordinate(latitude: lat, longitude: lon)
            guard c.isValid else { throw Failure(code: "InvalidValue", message: "Invalid coordinate value: \(QuotedInput.text(String(pair))) (longitude -180...180, latitude -90...90)") }
            return c
        }
    }

    private static func tooMany(_ count: Int, _ max: Int) -> Failure {
        Failure(code: "TooBig", message: "Too many coordinates: \(count); at most \(max) are taken")
    }

    private mutating func read(_ query: [(name: String, value: String)]) throws {
        let allowed = Self.common.union(Self.options[service] ?? [])
        for (name, value) in query {
            guard allowed.contains(name) else {
                throw Failure(code: "InvalidUrl", message: "URL string malformed: \(service.rawValue) takes no option \"\(name.prefix(40))\"")
            }
            switch name {
            case "alternatives":
                if let n = Int(value), (0...3).contains(n) { alternatives = n } else { alternatives = try Self.bool(name, value) ? 1 : 0 }
            case "steps": steps = try Self.bool(name, value)
            case "roundtrip": roundtrip = try Self.bool(name, value)
            case "continue_straight": continueStraight = value == "default" ? nil : try Self.bool(name, value)
            case "generate_hints": generateHints = try Self.bool(name, value)
            case "skip_waypoints": skipWaypoints = try Self.bool(name, value)
            case "overview":
                guard let o = Overview(rawValue: value) else { throw Self.invalid(name, value, "simplified, full or false") }
                overview = o
            case "geometries":
                guard let g = Geometries(rawValue: value) else { throw Self.invalid(name, value, "polyline, polyline6 or geojson") }
                geometries = g
            case "annotations":
                let known: Set<String> = service == .table ? ["duration", "distance"] : ["duration", "distance", "speed", "weight", "nodes", "datasources"]
                if service != .table, value == "true" || value == "false" {
                    annotations = value == "true" ? known : []
                } else {
                    let asked = Set(value.split(separator: ",").map(String.init))
                    guard !asked.isEmpty, asked.isSubset(of: known) else { throw Self.invalid(name, value, known.sorted().joined(separator: ",")) }
                    annotations = asked
                }
            case "exclude":
                var set: RoadAvoidance = []
                for className in value.split(separator: ",") {
                    guard let c = RoadAvoidance(className: String(className)) else {
                        throw Failure(code: "InvalidValue", message: "Exclude flag combination is not supported: \(QuotedInput.text(String(className))) (toll, motorway, ferry, unpaved)")
                    }
                    set.insert(c)
                }
                exclude = set
            case "radiuses":
                radiuses = try Self.list(value, name) { item in
                    if item == "unlimited" { return .some(nil) }
                    guard let r = DecimalNumber.parse(item), r >= 0, r.isFinite else { return nil }
                    return .some(r)
                }
            case "bearings":
                bearings = try Self.list(value, name) { item -> (value: Int, range: Int)?? in
                    let vr = item.split(separator: ",", omittingEmptySubsequences: false)
                    guard vr.count == 2, let v = Int(vr[0]), let r = Int(vr[1]), (0...360).contains(v), (0...180).contains(r) else { return nil }
                    return .some((v, r))
                }
            case "approaches":
                approaches = try Self.list(value, name) { RoadSideApproach(rawValue: $0).map { .some($0) } }
                guard approaches.count == coordinates.count else { throw Self.countMismatch("approaches") }
            case "hints":
                hints = value.split(separator: ";", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
                guard hints.count == coordinates.count else { throw Self.countMismatch("hints") }
            case "sources", "destinations":
                guard value != "all" else { continue }
                var indices: [Int] = []
                for item in value.split(separator: ";", omittingEmptySubsequences: false) {
                    guard let i = Int(item), i >= 0 else { throw Self.invalid(name, value, "all or 0-based indices joined by ;") }
                    guard i < coordinates.count else {
                        throw Failure(code: "InvalidOptions", message: "\(name == "sources" ? "Source" : "Destination") indices must be less than the number of coordinates")
                    }
                    indices.append(i)
                }
                if name == "sources" { sources = indices } else { destinations = indices }
            case "number":
                guard let n = Int(value), (1...100).contains(n) else { throw Self.invalid(name, value, "1 to 100") }
                number = n
            case "source":
                guard ["any", "first"].contains(value) else { throw Self.invalid(name, value, "any or first") }
                source = value
            case "destination":
                guard ["any", "last"].contains(value) else { throw Self.invalid(name, value, "any or last") }
                destination = value
            case "snapping":
                guard ["default", "any"].contains(value) else { throw Self.invalid(name, value, "default or any") }
            case "fallback_speed", "scale_factor":
                guard let v = DecimalNumber.parse(value), v > 0, v.isFinite else { throw Self.invalid(name, value, "a number above 0") }
                if name == "scale_factor" { scaleFactor = v }
            case "waypoints":
                waypointIndices = try value.split(separator: ";", omittingEmptySubsequences: false).map { text in
                    guard let i = Int(text), i >= 0 else { throw Self.invalid(name, value, "coordinate indices separated by ';'") }
                    return i
                }
            case "fallback_coordinate":
                // OSRM's two values; checked, as fallback_speed is, and not needed by the answer.
                guard ["input", "snapped"].contains(value) else { throw Self.invalid(name, value, "input or snapped") }
            default:
                break
            }
        }
    }

    private func check() throws {
        if !radiuses.isEmpty && radiuses.count != coordinates.count { throw Self.countMismatch("radiuses") }
        if !bearings.isEmpty && bearings.count != coordinates.count { throw Self.countMismatch("bearings") }
        switch service {
        case .route, .trip:
            guard coordinates.count >= 2 else {
                throw Failure(code: "InvalidOptions", message: "Number of coordinates needs to be at least two.")
            }
            if let indices = waypointIndices {
                // OSRM's rules; then only every coordinate is served (legs through via points are not).
                guard indices.first == 0, indices.last == coordinates.count - 1 else {
                    throw Failure(code: "InvalidValue", message: "First and last coordinates must be specified in waypoints.")
                }
                guard zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw Failure(code: "InvalidValue", message: "Waypoints must be supplied in increasing order")
                }
                guard indices.count == coordinates.count else {
                    throw Failure(code: "NotImplemented", message: "waypoints naming only some coordinates (via points inside a leg) are not served: list every coordinate, or leave waypoints out")
                }
            }
        case .table:
            guard coordinates.count >= 1 else { throw Failure(code: "InvalidOptions", message: "Number of coordinates needs to be at least one.") }
        case .nearest:
            guard coordinates.count == 1 else {
                throw Failure(code: "InvalidOptions", message: "Only one input coordinate is supported")
            }
        }
    }

    private static func bool(_ name: String, _ value: String) throws -> Bool {
        switch value {
        case "true": return true
        case "false": return false
        default: throw invalid(name, value, "true or false")
        }
    }

    /// `a;b;;c`: one item per coordinate, empty for "no value" (nil).
    private static func list<T>(_ value: String, _ name: String, _ item: (String) -> T??) throws -> [T?] {
        try value.split(separator: ";", omittingEmptySubsequences: false).map { text -> T? in
            if text.isEmpty { return nil }
            guard let parsed = item(String(text)) else { throw invalid(name, value, "one value per coordinate, joined by ;") }
            return parsed
        }
    }

    private static func invalid(_ name: String, _ value: String, _ expected: String) -> Failure {
        Failure(code: "InvalidOptions", message: "\(name)=\(value.prefix(60)) is not valid: expected \(expected)")
    }

    private static func countMismatch(_ name: String) -> Failure {
        Failure(code: "InvalidOptions", message: "Number of \(name) does not match number of coordinates")
    }
}
