import Foundation

/// Builds OSM entities from the element events of an `.osm` XML file (OSM API 0.6 format):
/// `<node>`, `<way>` and `<relation>` under the `<osm>` root, with their `<tag>`, `<nd>` and
/// `<member>` children. Work is linear in the elements: children are appended in place.
///
/// Elements whose data is unusable (no numeric id, a `<nd>` without a numeric ref, a member of
/// no known type) are left out and counted in `skipped`; coordinates are passed on as read
/// (NaN when missing or not a number), for the importer to check.
struct OSMXMLAssembler {
    let fileName: String
    /// Kinds wanted: the others are passed over (and their problems not counted).
    let kinds: OSMEntityKinds

    private(set) var info = OSMFileInfo()
    private(set) var skipped = SkippedElements()
    private(set) var sawRoot = false

    private enum Open { case none, node, way, relation, ignored }
    private var open = Open.none
    private var id: Int64 = 0
    private var latitude = Double.nan
    private var longitude = Double.nan
    private var tags: [(String, String)] = []
    private var refs: [Int64] = []
    private var members: [OSMMember] = []
    /// A child was unusable: the entity is left out when it ends.
    private var broken = false

    init(fileName: String, kinds: OSMEntityKinds) {
        self.fileName = fileName
        self.kinds = kinds
    }

    static func isEntity(_ name: String) -> Bool { name == "node" || name == "way" || name == "relation" }

    /// An element starts at `depth` (the root is 0). `attribute` looks up one of its attributes.
    mutating func start(_ name: String, depth: Int, attribute: (String) -> String?) throws {
        switch depth {
        case 0:
            guard name == "osm" else {
                throw OSMReadError("\(fileName) is not an OSM XML file (its root element is <\(name)>, not <osm>)")
            }
            sawRoot = true
            if let stamp = attribute("timestamp") { info.timestamp = Self.parseTimestamp(stamp) }
        case 1:
            switch name {
            case "node", "way", "relation": begin(name, attribute)
            case "bounds":
                info.minLatitude = attribute("minlat").flatMap { Double($0) }
                info.minLongitude = attribute("minlon").flatMap { Double($0) }
                info.maxLatitude = attribute("maxlat").flatMap { Double($0) }
                info.maxLongitude = attribute("maxlon").flatMap { Double($0) }
            case "meta":
                // Overpass API output carries the data's age here.
                if info.timestamp == nil, let stamp = attribute("osm_base") { info.timestamp = Self.parseTimestamp(stamp) }
            default:
                break
            }
        case 2:
            child(name, attribute)
        default:
            break
        }
    }

    /// The element at `depth` ends; returns the entity it completes, if any.
    mutating func end(depth: Int) -> OSMEntity? {
        guard depth == 1 else { return nil }
        defer { reset() }
        switch open {
        case .node:
            return .node(OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags))
        case .way:
            if broken { skipped.count(.wayWithBadNodeReference); return nil }
            return .way(OSMWay(id: id, nodeRefs: refs, tags: tags))
        case .relation:
            if broken { skipped.count(.relationWithBadMember); return nil }
            return .relation(OSMRelation(id: id, members: members, tags: tags))
        case .none, .ignored:
            return nil
        }
    }

    private mutating func begin(_ name: String, _ attribute: (String) -> String?) {
        reset()
        let kind: (Open, OSMEntityKinds) = name == "node" ? (.node, .nodes) : name == "way" ? (.way, .ways) : (.relation, .relations)
        guard kinds.contains(kind.1) else { open = .ignored; return }
        // History and change files mark deleted versions; they are not part of the map.
        if attribute("visible") == "false" || attribute("action") == "delete" { open = .ignored; return }
        guard let id = attribute("id").flatMap({ Int64($0) }) else {
            skipped.count(.elementWithoutID)
            open = .ignored
            return
        }
        self.id = id
        open = kind.0
        if kind.0 == .node {
            latitude = attribute("lat").flatMap { Double($0) } ?? .nan
            longitude = attribute("lon").flatMap { Double($0) } ?? .nan
        }
    }

    private mutating func child(_ name: String, _ attribute: (String) -> String?) {
        switch (open, name) {
        case (.node, "tag"), (.way, "tag"), (.relation, "tag"):
            guard let key = attribute("k"), let value = attribute("v") else {
                skipped.count(.tagWithoutKeyOrValue)
                return
            }
            tags.append((key, value))
        case (.way, "nd"):
            guard let ref = attribute("ref").flatMap({ Int64($0) }) else { broken = true; return }
            refs.append(ref)
        case (.relation, "member"):
            guard let kind = attribute("type").flatMap({ OSMMember.Kind(rawValue: $0) }),
                  let ref = attribute("ref").flatMap({ Int64($0) }) else { broken = true; return }
            members.append(OSMMember(kind: kind, ref: ref, role: attribute("role") ?? ""))
        default:
            break
        }
    }

    private mutating func reset() {
        open = .none
        latitude = .nan
        longitude = .nan
        broken = false
        // Fresh arrays: the finished entity owns the old ones (no copy).
        tags = []
        refs = []
        members = []
    }

    /// OSM timestamps are ISO 8601 in UTC, e.g. `2016-03-05T00:26:02Z`.
    static func parseTimestamp(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { return nil }
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return Int64(seconds)
    }
}
