import RouteItEngine

/// A scenario's OSM data handed to the importer straight from memory (no XML in between).
final class ScenarioOSMReader: OSMReader {
    let entities: [OSMEntity]

    init(_ entities: [OSMEntity]) { self.entities = entities }

    var info: OSMFileInfo { OSMFileInfo() }

    func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws {
        for entity in entities {
            switch entity {
            case .node: if !kinds.contains(.nodes) { continue }
            case .way: if !kinds.contains(.ways) { continue }
            case .relation: if !kinds.contains(.relations) { continue }
            }
            try body(entity)
        }
    }
}
