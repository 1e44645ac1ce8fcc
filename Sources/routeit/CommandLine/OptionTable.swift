import Foundation
import RouteItCore
import RouteItRemote

/// Every option routeit's command line knows, for the shell, `run` and the tools alike. To add
/// one, add one line here (and the field it sets to `ShellOptions`).
enum OptionTable {
    /// The commands the tools answer (`routeit route ...`); `shell` and `run` are the others.
    static var tools: Set<String> { Set(ToolTable.all.map(\.name)) }

    static let all: [CommandLineOption] = [
        .init(["--map"], value: "NAME|PATH", help: "an installed map (routeit maps), a .routeit map or an OSM file (default: the Helsinki map)",
              offersMapNames: true) {
            guard !$1.isEmpty else { throw ShellOptions.ParseError(description: "--map needs a file path") }
            // `--map=~/x` reaches us with its `~` (the user's shell expands it only as a word's start).
            $0.mapPath = ExportDestination.expand($1)
        },
        .init(["--directions"], value: "osrm=URL", help: "route with an OSRM server (or ROUTEIT_DIRECTIONS)") {
            $0.osrmURL = try ShellOptions.serviceURL($1, kind: "osrm", option: "--directions")
        },
        .init(["--geocoder"], value: "nominatim=URL", help: "geocode with a Nominatim server (or ROUTEIT_GEOCODER)") {
            $0.nominatimURL = try ShellOptions.serviceURL($1, kind: "nominatim", option: "--geocoder")
        },
        .init(["--timeout"], value: "SECONDS", help: "longest wait for a remote service (default 5)") {
            guard let seconds = DecimalNumber.parse($1), seconds > 0, seconds <= 86_400 else {
                throw ShellOptions.ParseError(description: "--timeout needs more than 0 and at most 86400 seconds, not \"\($1)\"")
            }
            $0.timeout = seconds
        },
        .init(["--probe-interval"], value: "SECONDS", help: "how often the shell checks its servers (default 10, 0 = never)") {
            guard let seconds = DecimalNumber.parse($1), seconds >= 0, seconds <= 86_400 else {
                throw ShellOptions.ParseError(description: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"\($1)\"")
            }
            $0.probeInterval = seconds
        },
        .init(["--mode"], value: "car|walk|bike", help: "how to travel (OSRM's driving, foot, walking, cycling and bicycle work too)",
              choices: TransportType.commandLineNames) {
            guard let type = TransportType(commandLineName: $1) else {
                throw ShellOptions.ParseError(description: "--mode takes car, walk or bike (or OSRM's driving, foot, walking, cycling, bicycle), not \"\($1)\"")
            }
            $0.transportType = type
        },
        .init(["--avoid"], value: "CLASS[,CLASS]",
              help: "keep off these roads: \(RoadAvoidance.names.joined(separator: ", ")) (or none); used when no other way exists, and said so",
              for: ["route", "table", "shell", "run", "go"], choices: RoadAvoidance.names + ["none"]) { options, text in
            options.avoid = try ShellOptions.ParseError.naming("--avoid") { try RoadAvoidance.parse([text]) }
        },
        .init(["--units"], value: "mi|km", help: "show distances in miles or kilometres", choices: ["mi", "km"]) {
            guard let unit = DistanceUnit(rawValue: $1.lowercased()) else {
                throw ShellOptions.ParseError(description: "--units takes mi or km, not \"\($1)\"")
            }
            $0.distanceUnit = unit
        },
        .init(["--near"], value: "LAT,LON", help: "geocode, route, table: of equal matches, the nearest to this point first (the current location)",
              for: ["geocode", "route", "table"]) {
            guard let point = Coordinate(text: $1) else {
                throw ShellOptions.ParseError(description: "--near takes LAT,LON in decimal degrees (60.17,24.94), not \"\($1)\"")
            }
            $0.near = point
        },
        .init(["--json"], help: "print JSON (OSRM's route response, Nominatim's jsonv2) for scripts",
              for: ["route", "table", "geocode", "reverse"]) { o, _ in o.json = true },
        .init(["--events"], help: "go: one JSON object a line per event (depart, instruction, off-route, reroute, arrive, stay, skip, fix-lost, finish)",
              for: ["go"]) { o, _ in o.events = true },
        .init(["--sources"], value: "I;J;...", help: "table: the places (0-based, as given) to travel from (default all)", for: ["table"]) {
            $0.tableSources = try ShellOptions.indexList($1, option: "--sources")
        },
        .init(["--stops"], value: "FILE", help: "route: the stops of a list (one address or LAT,LON a line, or CSV with name,address,lat,lon,window,stay,priority)",
              for: ["route"]) {
            guard !$1.isEmpty else { throw ShellOptions.ParseError(description: "--stops needs a file") }
            $0.stopsFile = ExportDestination.expand($1)
        },
        .init(["--zoom"], value: "N", help: "reverse: how coarse a place, as Nominatim's zoom: 18 the address (default), 16-17 the street, 15 the neighbourhood, 13-14 the suburb, 12 and less the town",
              for: ["reverse"]) {
            guard let detail = ReverseDetail(nominatimZoomText: $1) else {
                throw ShellOptions.ParseError(description: "--zoom takes a whole number from 0 (18 and more the address, 10 the town), not \"\($1)\"")
            }
            $0.reverseDetail = detail
        },
        .init(["--distances"], help: "table: distances too (OSRM's annotations=duration,distance)", for: ["table"]) { o, _ in
            o.tableDistances = true
        },
        .init(["--destinations"], value: "I;J;...", help: "table: the places (0-based, as given) to travel to (default all)", for: ["table"]) {
            $0.tableDestinations = try ShellOptions.indexList($1, option: "--destinations")
        },
        .init(["--overview"], value: "simplified|full|false", help: "route --json: the route's line as OSRM writes it (default simplified)",
              for: ["route"], choices: OSRMRouteOptions.Overview.allCases.map(\.rawValue)) {
            guard let overview = OSRMRouteOptions.Overview(rawValue: $1) else {
                throw ShellOptions.ParseError(description: "--overview takes simplified, full or false, not \"\($1)\"")
            }
            $0.routeJSON.overview = overview
        },
        .init(["--geometries"], value: "polyline|polyline6|geojson", help: "route --json: how lines are written, as OSRM's option (default polyline)",
              for: ["route"], choices: OSRMRouteOptions.Geometries.allCases.map(\.rawValue)) {
            guard let geometries = OSRMRouteOptions.Geometries(rawValue: $1) else {
                throw ShellOptions.ParseError(description: "--geometries takes polyline, polyline6 or geojson, not \"\($1)\"")
            }
            $0.routeJSON.geometries = geometries
        },
        .init(["--approaches"], value: "A;B;...", help: "route: per place, curb (reached and left on the curb side), opposite or unrestricted, as OSRM's option",
              for: ["route"]) { $0.approaches = try ShellOptions.approachList($1) },
        .init(["--steps"], help: "route --json: the turn-by-turn steps too (OSRM's steps=true; off by default, as OSRM)",
              for: ["route"]) { o, _ in o.routeJSON.steps = true },
        .init(["--alternatives"], help: "up to three routes between two points", for: ["route"]) { o, _ in o.alternatives = true },
        .init(["--optimize"], help: "keep the first point first, visit the others in the order with the least travel",
              for: ["route"]) { o, _ in o.optimize = true },
        .init(["--end"], value: "start|anywhere|N",
              help: "where the trip ends: the start, wherever its last visit is, or place N as given (default: the start with --optimize, else the last place)",
              for: ["route"], choices: ["start", "anywhere"]) {
            switch $1.lowercased() {
            case "start": $0.end = .start
            case "anywhere": $0.end = .anywhere
            default:
                guard let n = Int($1), n >= 1 else {
                    throw ShellOptions.ParseError(description: "--end takes start, anywhere or a place's number (1 is the first), not \"\($1)\"")
                }
                $0.end = n == 1 ? .start : .place(n - 1)
            }
        },
        .init(["--back-by"], value: "HH:MM", help: "with --optimize: the latest the trip may end; stops that do not fit are left out and said",
              for: ["route"]) { options, text in
            options.backBy = try ShellOptions.ParseError.naming("--back-by") { try DayOptions.parseBackBy(text) }
        },
        .init(["--days"], value: "N", help: "with --optimize: spread the stops over N days (1-\(DayOptions.maxDays)), one route a day with that day's hours",
              for: ["route"]) { options, text in
            options.days = try ShellOptions.ParseError.naming("--days") { try DayOptions.parseDays(text) }
        },
        .init(["--budget"], value: "SECONDS", help: "with --optimize: search for that long for the order (two runs may then differ; default: a counted search, the same order every run)",
              for: ["route"]) { options, text in
            options.search.timeBudget = try ShellOptions.ParseError.naming("--budget") { try DayPlanOptions.parseBudget(text) }
            options.searchOptionsGiven.insert("--budget")
        },
        .init(["--seed"], value: "N", help: "with --optimize: another of the searches for the order (default 1; the same seed, the same order)",
              for: ["route"]) { options, text in
            options.search.seed = try ShellOptions.ParseError.naming("--seed") { try DayPlanOptions.parseSeed(text) }
            options.searchOptionsGiven.insert("--seed")
        },
        .init(["--no-wait"], help: "never wait for a place to open (with --optimize, a visit must start on arrival)",
              for: ["route"]) { o, _ in o.noWait = true },
        .init(["--depart"], value: "[YYYY-MM-DD] HH:MM|now",
              help: "when the route leaves its first place (the map's local time; default now): each leg shows its clock times",
              for: ["route"], choices: ["now"]) {
            // `2026-12-04 10:00`, `2026-12-04T10:00` or `10:00` (today).
            let words = $1.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
            // Checked now (a bad value is said before the map opens); read again on the map's clock.
            $0.departure = try ShellOptions.ParseError.naming("--depart") { try Departure.parse(words, now: Date(), calendar: .fromEnvironment()) }
            $0.departureWords = words
        },
        .init(["--stay"], value: "DURATION[,DURATION...]",
              help: "how long the route stays at each place after the first (15m, 1h30m, or minutes: 15; one value for all)",
              for: ["route", "go"]) { options, text in
            options.stays = try ShellOptions.ParseError.naming("--stay") {
                try text.split(separator: ",", omittingEmptySubsequences: false).map {
                    try StayDuration.parse($0.trimmingCharacters(in: .whitespaces))
                }
            }
        },
        .init(["-o", "--output"], value: "MAP.routeit", help: "where import writes the map", for: ["import"]) {
            guard !$1.isEmpty else { throw ShellOptions.ParseError(description: "-o needs a file name, e.g. -o helsinki.routeit") }
            $0.output = ExportDestination.expand($1)
        },
        .init(["--host"], value: "ADDRESS", help: "serve: the IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)",
              for: ["serve"]) {
            // localhost as osrm-routed takes it; any other name would need a resolver and could be any address.
            let host = $1 == "localhost" ? "127.0.0.1" : $1
            guard HTTPServer.isIPv4Address(host) else { throw ShellOptions.ParseError(description: HTTPServer.hostError($1)) }
            $0.serveHost = host
        },
        .init(["--port"], value: "N", help: "serve: the TCP port (default 5000; 0 = any free port, printed on the first line)", for: ["serve"]) {
            guard let port = UInt16($1) else { throw ShellOptions.ParseError(description: "--port takes 0 to 65535, not \"\($1)\"") }
            $0.servePort = port
        },
        .init(["--threads"], value: "N", help: "serve: threads answering requests (default: the number of cores)", for: ["serve"]) {
            guard let n = Int($1), (1...256).contains(n) else { throw ShellOptions.ParseError(description: "--threads takes 1 to 256, not \"\($1)\"") }
            $0.serveThreads = n
        },
        .init(["--max-table-size"], value: "N", help: "serve: most sources or destinations of a table (OSRM's option; default 100)", for: ["serve"]) {
            guard let n = Int($1), (1...10_000).contains(n) else {
                throw ShellOptions.ParseError(description: "--max-table-size takes 1 to 10000, not \"\($1)\"")
            }
            $0.maxTableSize = n
        },
        .init(["--max-trip-size"], value: "N", help: "serve: most places of a /trip (OSRM's option; default 100, at most 201)", for: ["serve"]) {
            guard let n = Int($1), (2...(1 + EntryViewModel.maximumStopCount)).contains(n) else {
                throw ShellOptions.ParseError(description: "--max-trip-size takes 2 to \(1 + EntryViewModel.maximumStopCount), not \"\($1)\"")
            }
            $0.maxTripSize = n
        },
        .init(["--request-timeout"], value: "SECONDS", help: "serve: longest a request may take to arrive (default 10; a slower one is answered 408)",
              for: ["serve"]) {
            guard let seconds = DecimalNumber.parse($1), seconds > 0, seconds <= 3_600 else {
                throw ShellOptions.ParseError(description: "--request-timeout needs more than 0 and at most 3600 seconds, not \"\($1)\"")
            }
            $0.requestTimeout = seconds
        },
        .init(["--force"], help: "import, maps get: replace an installed map of the same name", for: ["import", "maps"]) { o, _ in o.force = true },
        .init(["--index"], value: "URL", help: "maps get|list-remote: the region index, in Geofabrik's index-v1.json format (or ROUTEIT_MAPS_INDEX)",
              for: ["maps", "shell", "run"]) {
            guard let url = RegionMaps.indexURL($1) else {
                throw ShellOptions.ParseError(description: "--index takes an http:// or https:// address, not \"\($1)\"")
            }
            $0.mapsIndex = url
        },
        .init(["--location"], value: "gpsd[=HOST:PORT]|replay=FILE|simulated",
              help: "where locate and go read the position (or ROUTEIT_LOCATION; default gpsd on localhost:2947, else the simulated one; replay=FILE: a recorded NMEA or GPX track for go); a fix waits --timeout",
              for: ["shell", "run", "go"], choices: ["gpsd", "simulated"]) {
            do {
                let replay = "replay="
                let value = $1.hasPrefix(replay) ? replay + ExportDestination.expand(String($1.dropFirst(replay.count))) : $1
                $0.location = try LocationSourceSpec.parse(value, source: "--location")
            } catch let error as LocationSourceSpec.ParseError {
                throw ShellOptions.ParseError(description: error.description)
            }
        },
        .init(["--keep-going"], help: "run: carry on after a failed command (still exits non-zero)",
              for: ["run"]) { o, _ in o.keepGoing = true },
        .init(["--generate"], value: "man|bash|zsh|fish", help: "print the man page or a shell completion script",
              for: ["shell"], choices: GeneratedDocs.kinds) {
            guard GeneratedDocs.kinds.contains($1) else {
                throw ShellOptions.ParseError(description: "--generate takes man, bash, zsh or fish, not \"\($1)\"")
            }
            $0.mode = .generate($1)
        },
        .init(["--version"], help: "print the program's and the map schema's versions") { o, _ in o.mode = .version },
        .init(["-h", "--help"], help: "this help (routeit help COMMAND: more on one command)") { o, _ in o.mode = .help },
    ]

    static func option(named name: String) -> CommandLineOption? {
        all.first { $0.names.contains(name) }
    }

    /// The options `command` accepts, in table order.
    static func options(for command: String) -> [CommandLineOption] {
        all.filter { $0.applies(to: command) }
    }
}

extension TransportType {
    /// `car`/`walk`/`bike`, and OSRM's profile and step-mode names: `driving`, `foot`,
    /// `walking`, `cycling`, `bicycle`.
    init?(commandLineName name: String) {
        switch name.lowercased() {
        case "car", "driving", "drive": self = .car
        case "walk", "walking", "foot": self = .walk
        case "bike", "cycling", "bicycle": self = .bike
        default: return nil
        }
    }

    /// Every name `init(commandLineName:)` takes, ours first (completions, the man page).
    static let commandLineNames = ["car", "walk", "bike", "driving", "foot", "walking", "cycling", "bicycle"]
}
