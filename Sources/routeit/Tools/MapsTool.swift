import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// `routeit maps` lists the installed maps; `routeit maps info NAME` shows one; `get`,
/// `list-remote` and `update` fetch regions' maps from an extract index (see `RegionMaps`).
enum MapsTool {
    static let tool = Tool(
        name: "maps", synopsis: "maps [info NAME | get REGION [--force] | list-remote [FILTER] | update [NAME]] [--index URL]",
        summary: "The installed maps, or one of them; download a region's map",
        details: """
        Lists the maps in the maps directory ($XDG_DATA_HOME/routeit/maps): name, area, the date \
        of the data (the extract's PBF header timestamp), size and travel modes. `maps info NAME` \
        shows one map in full. --map NAME and the shell's `use NAME` take these names. Exits 1 \
        for an unknown name. \
        `maps get REGION` downloads a region's OpenStreetMap extract from an index in Geofabrik's \
        index-v1.json format (--index URL, or ROUTEIT_MAPS_INDEX; default Geofabrik's), with a \
        progress bar on a terminal, checks it against its published MD5, imports it and installs \
        the map under the region's name (monaco, california); a cut-off download resumes where it \
        stopped when the command is run again, and a map of that name is replaced only with \
        --force. REGION is an id (us/california), its last part, a name or an ISO code. \
        `maps list-remote [FILTER]` lists the index's regions (whose id, name or ISO code \
        matches). `maps update [NAME]` fetches a newer extract of NAME (or of every map \
        fetched with get) when the published MD5 changed, and replaces the map atomically: trips \
        saved on it keep opening. Any failure is one line, and leaves the installed map as it was.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        let library = MapLibrary()
        switch arguments.first {
        case nil:
            print(TerminalSafeText.cleanKeepingLayout(MapListing.table(library.installedMaps(), in: library.mapsDirectory)))
            return 0
        case "info":
            guard arguments.count == 2 else { return tool.usageError() }
            // An installed map's name, else a map file (as `--map` takes): "no such file" for a
            // file that is there would be untrue.
            guard let path = library.installedPath(named: arguments[1]) ?? regularFile(arguments[1]) else {
                return tool.fail(library.unknownNameMessage(arguments[1]), code: 1)
            }
            print(TerminalSafeText.cleanKeepingLayout(MapListing.info(InstalledMap(path: path))))
            return 0
        case "get", "list-remote", "update":
            return runRegion(options, arguments)
        default:
            return tool.usageError("unknown subcommand \"\(arguments[0])\"")
        }
    }

    private static func regularFile(_ path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? path : nil
    }

    private static func runRegion(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        let command = arguments[0]
        let rest = Array(arguments.dropFirst())
        switch command {
        case "get": guard rest.count == 1 else { return tool.usageError("maps get takes one REGION") }
        default: guard rest.count <= 1 else { return tool.usageError("maps \(command) takes at most one \(command == "update" ? "NAME" : "FILTER")") }
        }
        do {
            let maps = try RegionMaps(index: options.mapsIndex)
            switch command {
            case "get":
                print(try maps.get(rest[0], force: options.force))
            case "list-remote":
                print(try maps.listRemote(filter: rest.first))
            default:
                // What was done on stdout, what failed on stderr (a line each).
                let report = maps.update(rest.first)
                if !report.done.isEmpty { print(report.done.joined(separator: "\n")) }
                for failure in report.failures { _ = tool.fail(failure, code: 1) }
                return report.failures.isEmpty ? 0 : 1
            }
            return 0
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
    }
}
