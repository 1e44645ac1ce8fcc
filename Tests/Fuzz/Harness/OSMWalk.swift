import Foundation
import RouteItEngine

/// Reads an OSM file as the importer does: its header, then every pass over every kind.
func walkOSMFile(_ reader: OSMReader) {
    _ = try? reader.info
    for kinds: OSMEntityKinds in [.all, .nodes, [.ways, .relations]] {
        var count = 0
        try? reader.read(kinds) { entity in
            switch entity {
            case .node(let node): count &+= node.tags.count &+ Int(node.latitude.isFinite ? 1 : 0)
            case .way(let way): count &+= way.nodeRefs.count &+ way.tags.count
            case .relation(let relation): count &+= relation.members.count &+ relation.tags.count
            }
        }
        if count == Int.min { print(count) }
    }
}
