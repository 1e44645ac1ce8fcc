import Foundation

/// The shell's command line: `routeit [OPTIONS]` (REPL) or `routeit [OPTIONS] run FILE.flow...`.
struct ShellOptions: Equatable {
    enum Mode: Equatable {
        case repl
        case run([String])
        case help
    }

    var mode: Mode = .repl
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

    static let usage = """
    usage: routeit [OPTIONS]                  start the interactive shell
           routeit [OPTIONS] run FILE.flow...  replay scripted sessions
           routeit import|geocode|reverse|route ...  engine tools
    options:
      --map PATH                  a .routeit map or an OSM file (default: the Helsinki map)
      --directions osrm=URL       route with an OSRM server
      --geocoder nominatim=URL    geocode with a Nominatim server
      --timeout SECONDS           longest wait for a remote service (default 5)
      --probe-interval SECONDS    how often the shell checks its servers (default 10, 0 = never)
    environment:
      ROUTEIT_DIRECTIONS=osrm=URL, ROUTEIT_GEOCODER=nominatim=URL   the same as the options
      ROUTEIT_DIRECTIONS_WALK=osrm=URL   a separate foot-profile OSRM server for walking
    """

    struct ParseError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> ShellOptions {
        var options = ShellOptions()
        var positional: [String] = []
        var index = 0
        var optionsEnded = false
        func value(for name: String, inline: String?) throws -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw ParseError(description: "\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            if argument == "--" && !optionsEnded {
                optionsEnded = true
                index += 1
                continue
            }
            switch argument.hasPrefix("-") && argument != "-" && !optionsEnded ? name : "" {
            case "--map":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw ParseError(description: "--map needs a file path") }
                options.mapPath = path
            case "--directions":
                options.osrmURL = try serviceURL(try value(for: name, inline: inline), kind: "osrm", option: name)
            case "--geocoder":
                options.nominatimURL = try serviceURL(try value(for: name, inline: inline), kind: "nominatim", option: name)
            case "--timeout":
                let text = try value(for: name, inline: inline)
                guard let seconds = TimeInterval(text), seconds > 0, seconds <= 86_400 else {
                    throw ParseError(description: "--timeout needs more than 0 and at most 86400 seconds, not \"\(text)\"")
                }
                options.timeout = seconds
            case "--probe-interval":
                let text = try value(for: name, inline: inline)
                guard let seconds = TimeInterval(text), seconds >= 0, seconds <= 86_400 else {
                    throw ParseError(description: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"\(text)\"")
                }
                options.probeInterval = seconds
            case "-h", "--help":
                options.mode = .help
            case "":
                positional.append(argument)
            default:
                throw ParseError(description: "unknown option \(name)")
            }
            index += 1
        }
        if options.mode == .help { return options }
        guard let command = positional.first else { return options }
        guard command == "run" else { throw ParseError(description: "unknown command \"\(command)\"") }
        guard positional.count > 1 else { throw ParseError(description: "run needs at least one FILE.flow") }
        options.mode = .run(Array(positional.dropFirst()))
        return options
    }

    /// `kind=URL` with an http(s) URL, e.g. `osrm=http://localhost:5000`.
    private static func serviceURL(_ text: String, kind: String, option: String) throws -> URL {
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
