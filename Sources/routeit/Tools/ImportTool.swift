import Foundation
import RouteItCore
import RouteItEngine
import RouteItExport
import RouteItRemote

/// `routeit import FILE.osm.pbf|FILE.osm [-o MAP.routeit] [--force]`: builds a map (default:
/// installs it in the maps directory, named after the extract: Helsinki.osm.pbf → helsinki, and
/// replaces an installed map of that name only with --force, as osmium's -O).
enum ImportTool {
    static let tool = Tool(
        name: "import", synopsis: "import FILE.osm.pbf|FILE.osm [-o MAP.routeit] [--force]",
        summary: "Build a .routeit map from an OpenStreetMap extract",
        details: """
        Reads an OpenStreetMap extract (.osm.pbf or .osm) and writes a .routeit map (roads, \
        addresses, places) for the offline geocoder and router: to -o PATH, else it installs it in \
        the maps directory ($XDG_DATA_HOME/routeit/maps) named after the extract (monaco.osm.pbf: \
        monaco), where a map of that name is replaced only with --force. Progress goes to stderr, \
        the map's path to stdout. An interrupted or failed import leaves any old map as it was.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let source = arguments.first else { return tool.usageError() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            return tool.fail("no such file: \(source)", code: 2)
        }
        guard !isDirectory.boolValue else {
            return tool.fail("\(source) is a folder; give an OSM file in it (.osm.pbf or .osm)", code: 2)
        }
        guard access(source, R_OK) == 0 else { return tool.fail("Cannot read \(source): permission denied.", code: 1) }
        let library = MapLibrary()
        let name = MapLibrary.stem(of: URL(fileURLWithPath: source).lastPathComponent)
        let output = options.output ?? library.installPath(forName: name)
        if options.output == nil, !options.force, let installed = library.installedPath(named: name) ?? existing(output) {
            return tool.fail("a map named \"\(name)\" is already installed (\(installed)); add --force to replace it", code: 1)
        }
        // Where the map goes is checked before the input is read: a link is followed (the map
        // replaces its target, the link stays), anything but a file is refused, and an
        // unwritable folder is said now rather than after minutes of reading.
        let destination: String
        do {
            destination = try OutputFile.target(for: output, allowingStreams: false, creatingFolders: true).path
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
        // -o replaces a map (an older import of it, even a damaged one), never the input or a
        // file of another kind unless told.
        if isSameFile(source, destination) {
            return tool.fail("-o \(output) is the file being imported; write the map to another file, e.g. -o \(name).routeit", code: 2)
        }
        if !options.force, existing(destination) != nil, !isMapOrEmpty(destination) {
            return tool.fail("\(output) is there and is not a RouteIt map; add --force to replace it, or choose another -o", code: 1)
        }
        // Ctrl-C stops the import between steps, its partial files removed (killed, it left them).
        let stop = StopSignals.install()
        do {
            let summary = try MapImporter(progress: ImportProgressBar(cancellation: stop)).importMap(osmFile: source, to: destination)
            printError(String(format: "import: %d nodes, %d ways, %d relations in %.1fs",
                              summary.nodes, summary.ways, summary.relations, summary.seconds))
            if !summary.skipped.isEmpty { printError("import: skipped: \(summary.skipped.description)") }
            if URL(fileURLWithPath: destination).deletingLastPathComponent().standardizedFileURL == library.mapsDirectory.standardizedFileURL {
                RegionMapSource.forget(forMap: MapLibrary.mapName(ofPath: destination), in: library.mapsDirectory)
            }
            print(TerminalSafeText.clean(output))
            return 0
        } catch is CancellationError {
            printError("import: nothing written; \(existing(destination) == nil ? "no map was there" : "the map there is as it was")")
            return 130
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
    }

    /// Both paths name one file (a link, `./x`, a hard link).
    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// An empty file, or an SQLite database that says it is a RouteIt map (another program's
    /// database, such as the planner's store, is not replaced without --force).
    private static func isMapOrEmpty(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        return size == 0 || RouteItMap.hasMapHeader(path)
    }

    /// `path` when something (even a dangling link) is there.
    private static func existing(_ path: String) -> String? {
        (try? FileManager.default.attributesOfItem(atPath: path)) != nil ? path : nil
    }
}
