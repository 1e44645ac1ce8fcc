import Foundation
import RouteItEngine

/// `routeit-bench import OSM_FILE MAP`: the engine's importer alone, for timing under
/// `/usr/bin/time -v` when the `routeit import` tool cannot be used.
enum ImportBenchmark {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: [])
        guard args.positional.count == 2 else { fail("usage: routeit-bench import OSM_FILE MAP", status: 2) }
        let (source, destination) = (args.positional[0], args.positional[1])
        let start = Stopwatch.now()
        do {
            let reader = try openOSMReader(at: URL(fileURLWithPath: source))
            let summary = try MapImporter().importMap(from: reader, sourceName: URL(fileURLWithPath: source).lastPathComponent,
                                                      to: destination)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? nil
            JSONValue.print(["seconds": JSONValue.number(Stopwatch.milliseconds(since: start) / 1000),
                             "map_bytes": bytes ?? -1, "nodes": summary.nodes, "ways": summary.ways])
        } catch {
            fail("\(source): \(error)")
        }
    }
}
