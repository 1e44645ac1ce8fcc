import RouteItCore

/// The town a row without its own `addr:city` is given at import: the town whose whole outline
/// holds it, else the town its surroundings propose (their `addr:city`), unless that town's
/// whole outline shows the row is not in it (a street in Beausoleil beside Monaco's addresses
/// is not in Monaco): then none rather than a wrong one. A map without outlines keeps every
/// proposal, as before outlines were read.
struct TownOfPlace {
    private let outlines: AdminOutlineIndex
    /// Folded names of the towns with a whole outline.
    private let outlined: Set<String>

    init(_ outlines: AdminOutlineIndex) {
        self.outlines = outlines
        outlined = Set(outlines.outlines.filter { $0.level == .town }.map { TextFolding.key($0.name) })
    }

    func town(at p: Coordinate, proposed: String?) -> String? {
        guard !outlined.isEmpty else { return proposed }
        if let town = outlines.town(at: p) { return town }
        if let proposed, outlined.contains(TextFolding.key(proposed)) { return nil }
        return proposed
    }
}
