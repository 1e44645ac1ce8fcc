import Foundation
import RouteItCore
import RouteItRemote

/// Every option routeit's command line knows, for the shell, `run` and the tools alike. To add
/// one, add one line here (and the field it sets to `ShellOptions`).
enum OptionTable {
    /// The commands the tools answer (`routeit route ...`); `shell` and `run` are the others.
    static var tools: Set<String> { Set(ToolTable.all.map(\.name)) }

    static let all: [CommandLineOption] = [
        .init(["--map"], value: "NAME|PATH", help: "an installed map (routeit maps), a .routeit map or an OSM file (default: the Helsinki map)") {
            guard !$1.isEmpty else { throw ShellOptions.ParseError(description: "--map needs a file path") }
            $0.mapPath = $1
        },
        .init(["--directions"], value: "osrm=URL", help: "route with an OSRM server (or ROUTEIT_DIRECTIONS)") {
            $0.osrmURL = try ShellOptions.serviceURL($1, kind: "osrm", option: "--directions")
        },
        .init(["--geocoder"], value: "nominatim=URL", help: "geocode with a Nominatim server (or ROUTEIT_GEOCODER)") {
            $0.nominatimURL = try ShellOptions.serviceURL($1, kind: "nominatim", option: "--geocoder")
        },
        .init(["--timeout"], value: "SECONDS", help: "longest wait for a remote service (default 5)") {
            guard let seconds = TimeInterval($1), seconds > 0, seconds <= 86_400 else {
                throw ShellOptions.ParseError(description: "--timeout needs more than 0 and at most 86400 seconds, not \"\($1)\"")
            }
            $0.timeout = seconds
        },
        .init(["--probe-interval"], value: "SECONDS", help: "how often the shell checks its servers (default 10, 0 = never)") {
            guard let seconds = TimeInterval($1), seconds >= 0, seconds <= 86_400 else {
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
              for: ["route", "table", "shell", "run"], choices: RoadAvoidance.names + ["none"]) {
            do {
                $0.avoid = try RoadAvoidance.parse([$1])
            } catch let error as InputError {
                throw ShellOptions.ParseError(description: "--avoid: \(error.message)")
            }
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
        .init(["--sources"], value: "I;J;...", help: "table: the places (0-based, as given) to travel from (default all)", for: ["table"]) {
            $0.tableSources = try ShellOptions.indexList($1, option: "--sources")
        },
        .init(["--stops"], value: "FILE", help: "route: the stops of a list (one address or LAT,LON a line, or CSV with name,address,window,stay,priority)",
              for: ["route"]) {
            guard !$1.isEmpty else { throw ShellOptions.ParseError(description: "--stops needs a file") }
            $0.stopsFile = $1
        },
        .init(["--distances"], help: "table: distances too (OSRM's annotations=duration,distance)", for: ["table"]) { o, _ in
            o.tableDistances = true
        },
        .init(["--destinations"], value: "I;J;...", help: "table: the places (0-based, as given) to travel to (default all)", for: ["table"]) {
            $0.tableDestinations = try ShellOptions.indexList($1, option: "--destinations")
        },
        .init(["--alternatives"], help: "up to three routes between two points", for: ["route"]) { o, _ in o.alternatives = true },
        .init(["--optimize"], help: "keep the first point first, visit the others in the quickest order",
              for: ["route"]) { o, _ in o.optimize = true },
        .init(["--depart"], value: "[YYYY-MM-DD] HH:MM|now",
              help: "when the route leaves its first place (local time, TZ; default now): each leg shows its clock times",
              for: ["route"]) {
            // `2026-12-04 10:00`, `2026-12-04T10:00` or `10:00` (today).
            let words = $1.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
            do {
                $0.departure = try Departure.parse(words, now: Date(), calendar: .fromEnvironment())
            } catch let error as InputError {
                throw ShellOptions.ParseError(description: "--depart: \(error.message)")
            }
        },
        .init(["--stay"], value: "DURATION[,DURATION...]",
              help: "how long the route stays at each place after the first (15m, 1h30m; one value for all)",
              for: ["route"]) {
            do {
                $0.stays = try $1.split(separator: ",", omittingEmptySubsequences: false)
                    .map { try StayDuration.parse($0.trimmingCharacters(in: .whitespaces)) }
            } catch let error as InputError {
                throw ShellOptions.ParseError(description: "--stay: \(error.message)")
            }
        },
        .init(["-o", "--output"], value: "MAP.routeit", help: "where import writes the map", for: ["import"]) {
            $0.output = $1
        },
        .init(["--force"], help: "import: replace an installed map of the same name", for: ["import"]) { o, _ in o.force = true },
        .init(["--location"], value: "gpsd[=HOST:PORT]|simulated",
              help: "where locate reads the position (or ROUTEIT_LOCATION; default gpsd on localhost:2947, else the simulated one); a fix waits --timeout",
              for: ["shell", "run"], choices: ["gpsd", "simulated"]) {
            do {
                $0.location = try LocationSourceSpec.parse($1, source: "--location")
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
