import Foundation
import RouteItEngine

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
        let library = MapLibrary()
        let output = parsed.options["-o"] ?? parsed.options["--output"]
            ?? library.mapsDirectory.appendingPathComponent(MapLibrary.stem(of: URL(fileURLWithPath: source).lastPathComponent) + ".routeit").path
        do {
            let summary = try MapImporter(progress: ImportProgressBar()).importMap(osmFile: source, to: output)
            FileHandle.standardError.write(Data(String(format: "import: %d nodes, %d ways, %d relations in %.1fs\n",
                                                       summary.nodes, summary.ways, summary.relations, summary.seconds).utf8))
            if !summary.skipped.isEmpty {
                FileHandle.standardError.write(Data("import: skipped: \(summary.skipped.description)\n".utf8))
            }
            print(output)
            return 0
        } catch {
            return MapToolSupport.fail("import", "\(error)", code: 1)
        }
    }
}
