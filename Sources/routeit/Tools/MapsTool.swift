import Foundation
import RouteItCore
import RouteItEngine

/// `routeit maps` lists the installed maps; `routeit maps info NAME` shows one.
enum MapsTool {
    static let tool = Tool(
        name: "maps", synopsis: "maps [info NAME]",
        summary: "The installed maps, or one of them",
        details: """
        Lists the maps in the maps directory ($XDG_DATA_HOME/routeit/maps): name, area, the date \
        of the data (the extract's PBF header timestamp), size and travel modes. `maps info NAME` \
        shows one map in full. --map NAME and the shell's `use NAME` take these names. Exits 1 \
        for an unknown name.
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
            guard let path = library.installedPath(named: arguments[1]) else {
                return tool.fail(library.unknownNameMessage(arguments[1]), code: 1)
            }
            print(TerminalSafeText.cleanKeepingLayout(MapListing.info(InstalledMap(path: path))))
            return 0
        default:
            return tool.usageError("unknown subcommand \"\(arguments[0])\"")
        }
    }
}
