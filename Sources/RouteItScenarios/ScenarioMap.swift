import RouteItEngine

/// The OSM data a scenario's `Given` steps describe, built as OSRM's step definitions build it
/// (`step_definitions/data.js`): ids from 1 in the order things are added, every lettered node
/// tagged with its name, ways `highway=primary` and named after their nodes unless told.
public struct ScenarioMap {
    public struct Node {
        public var id: Int64
        public var name: String
        public var longitude: Double
        public var latitude: Double
        public var tags: [(String, String)]
    }

    public var grid = ScenarioGrid()
    /// Lettered nodes in the order they were added (`nameNodeHash`'s order).
    public private(set) var nodes: [Node] = []
    /// Digits: places to route from and to that are not OSM nodes.
    public private(set) var locations: [String: (longitude: Double, latitude: Double)] = [:]
    private var nodeIndex: [String: Int] = [:]
    private(set) var ways: [OSMWay] = []
    private var wayIDs: [String: Int64] = [:]
    private(set) var relations: [OSMRelation] = []
    private var relationIDs: [String: Int64] = [:]
    private var lastID: Int64 = 0

    public init() {}

    private mutating func nextID() -> Int64 {
        lastID += 1
        return lastID
    }

    public func node(named name: String) -> Node? { nodeIndex[name].map { nodes[$0] } }

    /// A lettered node or a digit location.
    public func point(named name: String) -> (longitude: Double, latitude: Double)? {
        if let n = node(named: name) { return (n.longitude, n.latitude) }
        return locations[name]
    }

    mutating func addNode(_ name: String, longitude: Double, latitude: Double, id: Int64? = nil, tags: [(String, String)]? = nil) throws {
        guard nodeIndex[name] == nil else { throw ScenarioError.invalid("duplicate node \(name)") }
        nodeIndex[name] = nodes.count
        nodes.append(Node(id: id ?? nextID(), name: name, longitude: longitude, latitude: latitude, tags: tags ?? [("name", name)]))
    }

    /// `the node map`: letters are nodes, digits locations, at half a cell per character.
    public mutating func addNodeMap(_ text: String) throws {
        for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (column, ch) in line.utf16.enumerated() {
                guard let scalar = Unicode.Scalar(ch) else { continue }
                let p = grid.position(row: row, column: column)
                if ("a"..."z").contains(scalar) {
                    try addNode(String(scalar), longitude: p.longitude, latitude: p.latitude)
                } else if ("0"..."9").contains(scalar) {
                    let name = String(scalar)
                    guard locations[name] == nil else { throw ScenarioError.invalid("duplicate node \(name)") }
                    locations[name] = p
                }
            }
        }
    }

    /// `the nodes`: tags by column (`id` sets the node's id).
    public mutating func addNodeTags(_ table: GherkinTable) throws {
        for row in table.hashes {
            guard let name = row["node"], let i = nodeIndex[name] else {
                throw ScenarioError.invalid("unknown node \(row["node"] ?? "")")
            }
            for key in table.header where key != "node" {
                let value = row[key] ?? ""
                if key == "id", let id = Int64(value) { nodes[i].id = id } else { nodes[i].tags.append((key, value)) }
            }
        }
    }

    /// `the ways`: one way per row along its `nodes` letters, tags by column.
    public mutating func addWays(_ table: GherkinTable) throws {
        for row in table.hashes {
            let letters = row["nodes"] ?? ""
            var refs: [Int64] = []
            for ch in letters {
                guard let n = node(named: String(ch)) else { throw ScenarioError.invalid("unknown node \(ch) in way \(letters)") }
                refs.append(n.id)
            }
            var tags: [(String, String)] = [("highway", "primary")]
            func set(_ key: String, _ value: String?) {
                tags.removeAll { $0.0 == key }
                if let value { tags.append((key, value)) }
            }
            for key in table.header where key != "nodes" {
                set(key, row[key] ?? "")
            }
            if row["highway"] == "(nil)" { set("highway", nil) }
            switch row["name"] {
            case nil: set("name", letters)
            case "\"\""?, "''"?: set("name", "")
            case ""?, "(nil)"?: set("name", nil)
            case let name?: set("name", name)
            }
            let id = nextID()
            ways.append(OSMWay(id: id, nodeRefs: refs, tags: tags))
            wayIDs[letters] = id
        }
    }

    /// `the relations`: `node:role`, `way:role` and `relation:role` columns are members (comma
    /// separated), others tags.
    public mutating func addRelations(_ table: GherkinTable) throws {
        for row in table.rows.dropFirst() {
            var members: [OSMMember] = [], tags: [(String, String)] = [], name: String?
            for (key, value) in zip(table.header, row) {
                let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if let role = Self.role(key, "node") {
                    for n in parts {
                        guard n.count == 1, let node = node(named: n) else { throw ScenarioError.invalid("unknown relation node member \"\(n)\"") }
                        members.append(OSMMember(kind: .node, ref: node.id, role: role))
                    }
                } else if let role = Self.role(key, "way") {
                    for w in parts {
                        guard let id = wayIDs[w] ?? wayIDs[String(w.reversed())] else { throw ScenarioError.invalid("unknown relation way member \"\(w)\"") }
                        members.append(OSMMember(kind: .way, ref: id, role: role))
                    }
                } else if let role = Self.role(key, "relation") {
                    for r in parts {
                        guard let id = relationIDs[r] ?? relationIDs[String(r.reversed())] else { throw ScenarioError.invalid("unknown relation member \"\(r)\"") }
                        members.append(OSMMember(kind: .relation, ref: id, role: role))
                    }
                } else {
                    tags.append((key, value))
                    if key.contains("name") { name = value }
                }
            }
            let id = nextID()
            relations.append(OSMRelation(id: id, members: members, tags: tags))
            if let name, !name.isEmpty { relationIDs[name] = id }
        }
    }

    /// `node`, `node:from` → the role ("" or "from"); nil when `key` is not that kind.
    private static func role(_ key: String, _ kind: String) -> String? {
        guard key.hasPrefix(kind) else { return nil }
        let rest = key.dropFirst(kind.count)
        if rest.isEmpty { return "" }
        return rest.hasPrefix(":") ? String(rest.dropFirst()) : String(rest)
    }

    /// `routability should be`: each row one way of five nodes a–e spaced a cell apart on one
    /// line, 100 cells from the last, named `w<row>`; `node/…` columns tag its middle node.
    public mutating func addRoutabilityWays(_ table: GherkinTable) throws {
        for (ri, row) in table.hashes.enumerated() {
            var refs: [Int64] = []
            var nodeTags: [(String, String)] = []
            var wayTags: [(String, String)] = [("highway", "primary")]
            for key in table.header {
                let value = row[key] ?? ""
                if value.isEmpty || ["forw", "backw", "bothw"].contains(key) { continue }
                if key.hasPrefix("node/") {
                    let k = String(key.dropFirst(5))
                    nodeTags.removeAll { $0.0 == k }
                    if value != "(nil)" { nodeTags.append((k, value)) }
                } else {
                    wayTags.removeAll { $0.0 == key }
                    if value != "(nil)" { wayTags.append((key, value)) }
                }
            }
            wayTags.removeAll { $0.0 == "name" }
            wayTags.append(("name", "w\(ri)"))
            for (i, letter) in ["a", "b", "c", "d", "e"].enumerated() {
                let p = grid.offset(cellsX: Double(i + Self.waySpacing * ri), cellsY: 0)
                let id = nextID()
                routabilityNodes.append(OSMNode(id: id, latitude: p.latitude, longitude: p.longitude,
                                                tags: [("name", "\(letter)\(ri)")] + (i == 2 ? nodeTags : [])))
                refs.append(id)
            }
            ways.append(OSMWay(id: nextID(), nodeRefs: refs, tags: wayTags))
        }
    }

    /// `env.WAY_SPACING`: cells between routability rows.
    public static let waySpacing = 100

    private var routabilityNodes: [OSMNode] = []

    /// Everything, nodes first, as the importer reads a file.
    public var entities: [OSMEntity] {
        nodes.map { .node(OSMNode(id: $0.id, latitude: $0.latitude, longitude: $0.longitude, tags: $0.tags)) }
            + routabilityNodes.map { .node($0) } + ways.map { .way($0) } + relations.map { .relation($0) }
    }
}

public enum ScenarioError: Error, CustomStringConvertible {
    /// The scenario's data is not what OSRM's step definitions accept.
    case invalid(String)
    /// A step or column this runner does not implement.
    case unsupported(String)

    public var description: String {
        switch self {
        case .invalid(let s): return "invalid scenario: \(s)"
        case .unsupported(let s): return "unsupported: \(s)"
        }
    }
}
