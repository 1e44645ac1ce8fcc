import Foundation
import RouteItEngine
import RouteItExport

/// `routeit import FILE.osm.pbf|FILE.osm [-o MAP.routeit]`: builds a map (default: in the maps
/// directory, named after the extract: Helsinki.osm.pbf → helsinki.routeit).
enum ImportTool {
    static let usage = "usage: routeit import FILE.osm.pbf|FILE.osm [-o MAP.routeit]"

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: (positionals: [String], options: [String: String], flags: Set<String>)
        do {
            parsed = try MapToolSupport.parse(arguments, options: ["-o", "--output"], flags: [])
        } catch {
            return MapToolSupport.fail("import", "\(error); \(usage)", code: 2)
        }
        guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
            return MapToolSupport.fail("import", usage, code: 2)
        }
        // A missing file or a folder is a usage error; an unreadable file is reported when it is opened.
        var status = stat()
        if stat(source, &status) != 0 && errno == ENOENT || status.st_mode & S_IFMT == S_IFDIR {
            return MapToolSupport.fail("import", "no such file: \(source)", code: 2)
        }
        guard access(source, R_OK) == 0 else {
            return MapToolSupport.fail("import", "Cannot read \(source): permission denied.", code: 1)
        }
        let library = MapLibrary()
        let output = parsed.options["-o"] ?? parsed.options["--output"]
            ?? library.mapsDirectory.appendingPathComponent(MapLibrary.stem(of: URL(fileURLWithPath: source).lastPathComponent) + ".routeit").path
        // Where the map goes is checked before the input is read: a link is followed (the map
        // replaces its target, the link stays), anything but a file is refused, and an
        // unwritable folder is said now rather than after minutes of reading.
        let destination: String
        do {
            destination = try OutputFile.target(for: output, allowingStreams: false, creatingFolders: true).path
        } catch {
            return MapToolSupport.fail("import", UserMessage.sentence(for: error), code: 1)
        }
        do {
            let summary = try MapImporter(progress: ImportProgressBar()).importMap(osmFile: source, to: destination)
            FileHandle.standardError.write(Data(String(format: "import: %d nodes, %d ways, %d relations in %.1fs\n",
                                                       summary.nodes, summary.ways, summary.relations, summary.seconds).utf8))
            if !summary.skipped.isEmpty {
                FileHandle.standardError.write(Data("import: skipped: \(summary.skipped.description)\n".utf8))
            }
            print(output)
            return 0
        } catch {
            return MapToolSupport.fail("import", UserMessage.sentence(for: error), code: 1)
        }
    }
}
