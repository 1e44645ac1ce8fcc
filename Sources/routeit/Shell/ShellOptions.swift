import Foundation
import RouteItCore
import RouteItRemote

/// routeit's one command line: `routeit [OPTIONS]` (the shell), `routeit [OPTIONS] run FILE.flow...`,
/// or a tool, `routeit route|geocode|reverse|import ARGUMENTS [OPTIONS]`. Options may come before
/// or after the command, as `--opt value` or `--opt=value`; `--` ends them. `OptionTable` lists
/// them all and says which command each is for.
struct ShellOptions: Equatable {
    enum Mode: Equatable {
        case repl
        case run([String])
        /// A tool with its arguments (the positionals after its name).
        case tool(String, [String])
        /// `-h`/`--help`, or `routeit help [TOPIC]`.
        case help
        case version
        /// `--generate man|bash|zsh|fish`.
        case generate(String)
    }

    var mode: Mode = .repl
    /// The command the line names: `shell`, `run`, `help` or a tool's name.
    var command = "shell"
    /// `routeit help TOPIC`, or the command whose `--help` was asked for.
    var helpTopic: String?
    /// `--map PATH`: a `.routeit` map or an OSM file (.osm.pbf / .osm) instead of the default map.
    var mapPath: String?
    /// `--directions osrm=URL`: route with an OSRM server instead of the embedded router.
    var osrmURL: URL?
    /// `--geocoder nominatim=URL`: geocode with a Nominatim server instead of the embedded geocoder.
    var nominatimURL: URL?
    /// `--timeout SECONDS`: the longest a remote service request may take.
    var timeout: TimeInterval = 5
    /// `--probe-interval SECONDS`: how often the REPL checks its servers; 0 = only when used.
    var probeInterval: TimeInterval = 10
    /// `--mode car|walk|bike`; nil: the command's default (car).
    var transportType: TransportType?
    /// `--avoid CLASS[,CLASS]`: kinds of road to keep off; nil: the session's own (none in the tools).
    var avoid: RoadAvoidance?
    /// `--units mi|km`; nil: the command's default.
    var distanceUnit: DistanceUnit?
    /// `--near LAT,LON`: where the user is, for ranking equal geocoder matches nearest first.
    var near: Coordinate?
    var json = false
    /// `go --events`: one JSON object a line per event.
    var events = false
    var alternatives = false
    var optimize = false
    /// `route --depart [YYYY-MM-DD] HH:MM|now`: when the route leaves its first place (nil: now),
    /// checked when the options are read; `departure(on:)` reads it on the map's clock.
    var departure: Departure?
    /// The words `--depart` was given, read again on the map's clock once the map is open.
    var departureWords: [String]?
    /// `route --stay D[,D...]`: the stay at each place after the first (one value: at every one).
    var stays: [TimeInterval] = []
    /// `table --sources I;J` / `--destinations I;J`: indices into the places given (nil: all).
    var tableSources: [Int]?
    var tableDestinations: [Int]?
    /// `route --stops FILE`: a stop list's places after the ones given.
    var stopsFile: String?
    /// `route --end start|anywhere|N`: where the trip ends (nil: the start with --optimize,
    /// else the last place given). N is a place's number as given (1 is the first).
    var end: TripEndChoice?
    /// `route --back-by HH:MM`: the latest the optimized trip may end (minutes after midnight).
    var backBy: Int?
    /// `route --no-wait`: a visit starts on arrival, never waiting for a stop to open.
    var noWait = false
    /// `route --days N`: with --optimize, the stops spread over N days, one route a day.
    var days = 1
    /// `route --seed N --budget SECONDS`: with --optimize, how the stops are ordered.
    var search = DayPlanOptions()
    /// Which of `--seed` and `--budget` the line gave (`--seed 1` is the default's value, yet
    /// given): without --optimize they are refused by name.
    var searchOptionsGiven: Set<String> = []
    /// `route --json --overview --geometries --steps`: OSRM's options, with its defaults.
    var routeJSON = OSRMRouteOptions()
    /// `route --approaches A;B;...`: per place, the side of the road it is reached and left by
    /// (OSRM's `approaches`); empty: either side everywhere.
    var approaches: [RoadSideApproach?] = []
    /// `reverse --zoom N`: how coarse a place, as Nominatim's zoom (nil: the address).
    var reverseDetail: ReverseDetail?
    /// `table --distances`.
    var tableDistances = false
    /// `import -o MAP.routeit`.
    var output: String?
    /// `run --keep-going`.
    var keepGoing = false
    /// `--location gpsd[=HOST:PORT]|simulated`: where `locate` reads the position (nil:
    /// ROUTEIT_LOCATION, else gpsd on localhost with the simulated position as fallback).
    var location: LocationSourceSpec?
    /// `import --force`: replace an installed map of the same name.
    var force = false
    /// `--index URL`: the region index `maps get|list-remote` read (nil: ROUTEIT_MAPS_INDEX, else Geofabrik's).
    var mapsIndex: URL?
    /// `serve --host ADDRESS --port N --threads N --max-table-size N` (nil: the defaults).
    var serveHost = "127.0.0.1"
    var servePort: UInt16 = 5000
    var serveThreads: Int?
    var maxTableSize = 100
    /// `serve --max-trip-size N`: the most places of a `/trip` (OSRM's option and default).
    var maxTripSize = 100
    /// `serve --request-timeout SECONDS`: from a request's first byte to its last.
    var requestTimeout: TimeInterval = 10

    struct ParseError: Error, Equatable, CustomStringConvertible {
        var description: String

        /// `parse`'s value; its input error becomes this option's (`--days: …`).
        static func naming<T>(_ option: String, _ parse: () throws -> T) throws -> T {
            do {
                return try parse()
            } catch let error as InputError {
                throw ParseError(description: "\(option): \(error.message)")
            }
        }
    }

    static func parse(_ arguments: [String]) throws -> ShellOptions {
        var positionals: [String] = []
        var given: [(name: String, option: CommandLineOption, value: String)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard looksLikeOption(argument) else {
                positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            let inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            guard let option = OptionTable.option(named: argument.hasPrefix("--") ? name : argument) else {
                throw ParseError(description: "unknown option \(argument.hasPrefix("--") ? name : argument)")
            }
            var value = ""
            if option.value != nil {
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else { throw ParseError(description: "\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
            } else if inline != nil {
                throw ParseError(description: "\(name) takes no value")
            }
            given.append((name, option, value))
        }

        var options = ShellOptions()
        if let first = positionals.first {
            switch first {
            case "run":
                options.command = "run"
            case "help":
                options.command = "help"
                options.helpTopic = positionals.dropFirst().first
            case _ where OptionTable.tools.contains(first):
                options.command = first
            default:
                throw ParseError(description: "unknown command \"\(first)\"")
            }
        }
        for (name, option, value) in given {
            guard option.applies(to: options.command) || options.command == "help" else {
                let users = OptionTable.commandsNamed(option.commands ?? [])
                throw ParseError(description: "\(name) is for \(users), not \(options.command == "shell" ? "the shell" : options.command)")
            }
            try option.apply(&options, value)
        }
        if options.command == "help" { options.mode = .help }
        if options.mode != .repl {
            if options.mode == .help, options.command != "shell", options.command != "help" { options.helpTopic = options.command }
            return options
        }
        let rest = Array(positionals.dropFirst())
        switch options.command {
        case "shell":
            break
        case "run":
            guard !rest.isEmpty else { throw ParseError(description: "run needs at least one FILE.flow") }
            options.mode = .run(rest.map { ExportDestination.expand($0) })
        default:
            options.mode = .tool(options.command, rest)
        }
        return options
    }

    /// `-x`/`--xyz` are options; `-`, and negative numbers or coordinates (`-33.9`, `-33.9,18.4`)
    /// are not.
    private static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        if argument.hasPrefix("--") { return true }
        return Double(argument) == nil && !argument.contains(",")
    }

    /// `kind=URL` with an http(s) URL, e.g. `osrm=http://localhost:5000`.
    static func serviceURL(_ text: String, kind: String, option: String) throws -> URL {
        guard text.hasPrefix(kind + "=") else {
            throw ParseError(description: "\(option) takes \(kind)=URL, not \"\(text)\"")
        }
        let urlText = String(text.dropFirst(kind.count + 1))
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            throw ParseError(description: "\(option): \"\(urlText)\" is not an http(s) URL")
        }
        return url
    }
}

extension OptionTable {
    /// "route, geocode or reverse"; "the shell" for `shell`.
    static func commandsNamed(_ commands: Set<String>) -> String {
        let names = commands.sorted().map { $0 == "shell" ? "the shell" : $0 }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension ShellOptions {
    /// `0;2;5` (OSRM's form; commas work too): whole numbers from 0, at most 10,000 of them.
    /// OSRM's `approaches` list: `curb`, `opposite` or `unrestricted` (or empty) per place, by ';' or ','.
    static func approachList(_ text: String) throws -> [RoadSideApproach?] {
        let words = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "," })
        guard words.count <= 10_000 else { throw ParseError(description: "--approaches takes one side per place, not \(words.count)") }
        return try words.map { word in
            if word.isEmpty { return nil }
            guard let approach = RoadSideApproach(rawValue: String(word)) else {
                throw ParseError(description: "--approaches takes curb, opposite or unrestricted per place, separated by ';' (e.g. unrestricted;curb), not \"\(word.prefix(40))\"")
            }
            return approach
        }
    }

    static func indexList(_ text: String, option: String) throws -> [Int] {
        // Empty between separators (`0;`, `0;;2`) is refused, as OSRM refuses it.
        let words = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "," }).map(String.init)
        let usage = "\(option) takes place numbers from 0 separated by ';' (e.g. 0;2), not \(QuotedInput.text(text))"
        guard !text.isEmpty, words.count <= 10_000 else { throw ParseError(description: usage) }
        return try words.map { word in
            guard let index = Int(word), index >= 0, String(index) == word else { throw ParseError(description: usage) }
            return index
        }
    }
}

extension ShellOptions {
    /// `--depart` on `calendar`'s clock (the map's: `LocalCalendar.forMap`), with what to say
    /// when its clock time does not exist that day (`Departure.gapNotice`); now when not given.
    func departure(on calendar: LocalCalendar) throws -> (departure: Departure, notice: String?) {
        guard let words = departureWords else { return (departure ?? .now, nil) }
        let departure = try ShellOptions.ParseError.naming("--depart") { try Departure.parse(words, now: Date(), calendar: calendar) }
        return (departure, Departure.gapNotice(words, departure: departure, calendar: calendar))
    }
}
