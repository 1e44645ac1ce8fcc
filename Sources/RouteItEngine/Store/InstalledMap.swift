import Foundation
import RouteItCore

/// A map in the maps directory (`routeit maps`): what it is called, covers, holds and weighs.
public struct InstalledMap {
    /// The file's name without `.routeit`: what `--map NAME` and `use NAME` take.
    public var name: String
    public var path: String
    public var sizeBytes: Int64
    public var area: MapArea?
    public var sourceFile: String?
    /// The PBF header's timestamp, when the extract had one.
    public var dataDate: Date?
    public var importDate: Date?
    public var modes: [TransportType]
    /// Why the map cannot be used (another schema version, not a map), nil when it can.
    public var problem: String?
    /// `problem` in a few words, for a table row.
    public var shortProblem: String?

    /// Reads `path`'s facts; a file that does not open becomes an entry with its `problem`.
    public init(path: String) {
        let url = URL(fileURLWithPath: path)
        name = String(url.lastPathComponent.dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1))
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        sizeBytes = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        modes = []
        do {
            let map = try RouteItMap(path: path)
            area = map.area
            sourceFile = map.sourceFile
            dataDate = map.dataDate
            importDate = map.importDate
            modes = map.modes
            // The sections are only mapped when routing: a copy cut short there still opens.
            switch MapFileWholeness.of(path) {
            case .whole: break
            case .cutShort: throw RouteItMapError.damaged(path: path, cutShort: true)
            case .damaged: throw RouteItMapError.damaged(path: path, cutShort: false)
            }
        } catch {
            problem = "\(error)"
            switch error {
            case RouteItMapError.otherSchemaVersion(_, let found):
                shortProblem = "map schema \(found), routeit reads \(MapSchema.version): import it again with --force"
            case RouteItMapError.notAMap:
                shortProblem = "not a RouteIt map"
            case RouteItMapError.damaged(_, let cutShort):
                shortProblem = "damaged\(cutShort ? " (cut short)" : ""); import it again"
            default:
                shortProblem = problem
            }
        }
    }
}
