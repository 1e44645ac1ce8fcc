import RouteItCore

/// The town a row without its own `addr:city` is given at import: the town whose whole outline
/// holds it, else the town its surroundings propose (their `addr:city`), unless that town's
/// whole outline shows the row is not in it (a street in Beausoleil beside Monaco's addresses
/// is not in Monaco): then the nearest town, village or city node within `nodeRadius` of a town
/// without a whole outline (Roquebrune-Cap-Martin's, whose outline the extract cuts), else none
/// rather than a wrong one. A map without outlines keeps every proposal, as before outlines
/// were read.
struct TownOfPlace {
    private let outlines: AdminOutlineIndex
    /// Folded names of the towns with a whole outline.
    private let outlined: Set<String>
    /// The town nodes of the towns without a whole outline.
    private var nodes = PointGrid<String>(cellMetres: nodeRadius)

    /// How far a town node names the places around it (a town's centre to its edge, about).
    static let nodeRadius = 3_000.0

    init(_ outlines: AdminOutlineIndex, townNodes: [(name: String, position: Coordinate)]) {
        self.outlines = outlines
        let outlined = Set(outlines.outlines.filter { $0.level == .town }.map { TextFolding.key($0.name) })
        self.outlined = outlined
        for node in townNodes where !outlined.contains(TextFolding.key(node.name)) { nodes.insert(node.name, at: node.position) }
    }

    /// The town whose whole outline holds `p`, if any.
    func outlineTown(at p: Coordinate) -> String? { outlined.isEmpty ? nil : outlines.town(at: p) }

    func town(at p: Coordinate, proposed: String?) -> String? {
        guard !outlined.isEmpty else { return proposed }
        if let town = outlines.town(at: p) { return town }
        if let proposed, !outlined.contains(TextFolding.key(proposed)) { return proposed }
        return nodes.nearest(to: p, within: Self.nodeRadius)?.item
    }
}
