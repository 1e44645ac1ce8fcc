import RouteItCore
import RouteItSQLite

/// The administrative outlines a file holds, read at import (`boundary=administrative`
/// relations): countries (`admin_level=2` with `ISO3166-1:alpha2` or `ISO3166-1`) and towns
/// (`admin_level=8` with a name). Pass 1 keeps the node lists of ways that can be part of a
/// border (tagged `boundary`, `admin_level` or `natural=coastline`: all of a border's ways in
/// Monaco's and Helsinki's extracts); a relation with a member way not kept, a node missing or
/// a ring that does not close (the extract cut it) is not used, so a cut outline never claims
/// what it does not hold.
struct AdminBoundaries {
    struct Relation {
        var level: AdminOutline.Level
        var name: String
        var countryCode: String?
        var ways: [Int64]
    }

    private var wayNodes = WaySamples()
    private var relations: [Relation] = []
    /// The codes of every country boundary in the file, whole or cut: the countries the map
    /// touches (`MapSchema.Key.borderCountries`).
    private(set) var countryCodes: Set<String> = []

    /// Outlines are simplified to this: a street's town is not decided by a few metres.
    static let simplifiedMetres = 5.0

    mutating func collect(way: OSMWay) {
        guard way.nodeRefs.count >= 2,
              way.tag("boundary") != nil || way.tag("admin_level") != nil || way.tag("natural") == "coastline" else { return }
        wayNodes.add(way.id, way.nodeRefs)
    }

    mutating func collect(relation: OSMRelation, needNode: (Int64) -> Void) {
        guard relation.tag("boundary") == "administrative", let levelTag = relation.tag("admin_level"),
              let level = AdminOutline.Level(rawValue: Int(levelTag) ?? 0) else { return }
        let code = CountryVote.code(relation.tag("ISO3166-1:alpha2") ?? relation.tag("ISO3166-1"))
        if level == .country, let code { countryCodes.insert(code) }
        guard let name = relation.tag("name")?.trimmingWhitespace(), !name.isEmpty, level == .town || code != nil else { return }
        // Outer and inner rings alike (even-odd tells them apart); not labels, centres or subareas.
        let ways = relation.members.filter { $0.kind == .way && ["outer", "inner", ""].contains($0.role) }.map(\.ref)
        var nodes: [Int64] = []
        for way in ways {
            let refs = wayNodes.samples(of: way)
            guard !refs.isEmpty else { return }
            nodes += refs
        }
        nodes.forEach(needNode)
        relations.append(Relation(level: level, name: name, countryCode: level == .country ? code : nil, ways: ways))
    }

    /// The whole outlines, simplified; the file's order, so two imports agree.
    mutating func outlines(_ coordinates: NodeCoordinates) -> [AdminOutline] {
        var outlines: [AdminOutline] = []
        for relation in relations {
            let ways = relation.ways.map { Array(wayNodes.samples(of: $0)) }
            guard let rings = RingJoiner.rings(ways) else { continue }
            let points = rings.map { $0.compactMap(coordinates.coordinate(of:)) }
            guard zip(points, rings).allSatisfy({ $0.count == $1.count }) else { continue }
            outlines.append(AdminOutline(level: relation.level, name: relation.name, countryCode: relation.countryCode,
                                         rings: points.map { AdminOutline.simplified($0, metres: Self.simplifiedMetres) }))
        }
        wayNodes = WaySamples()
        relations = []
        return outlines
    }
}
