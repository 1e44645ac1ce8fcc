import RouteItCore

/// The two carriageways of a divided road (or the two halves round a traffic island) that meet
/// at a junction, as OSRM's `MergableRoadDetector` merges them into one road of the junction with
/// one heading: turning from the one arriving into the one leaving is then a turn of 0°, a U-turn
/// (`getTurnDirection`), and car.lua charges it `u_turn_penalty` on top of the sharpest turn,
/// 27.4 s, however the two ways are drawn (Monaco's Rond-Point Sainte-Dévote, a one-way loop
/// between two one-ways of its name: OSRM's 156 s trip was 106 s here). The test is guidance's
/// (`ManeuverBuilder.mergedHeading`) read as OSRM reads it (`walksCarriagewaysAsOSRM`: perceived
/// bearings, and OSRM's walk along the two, which rounds such a loop); guidance's steps keep
/// their own reading.
struct MergedCarriageways {
    private let net: RoadNetwork
    private let guide: ManeuverBuilder

    init(_ net: RoadNetwork) {
        self.net = net
        var guide = ManeuverBuilder(net: net, adjacency: NodeAdjacency(net), mode: .car)
        guide.walksCarriagewaysAsOSRM = true
        self.guide = guide
    }

    /// Whether the car arriving at `via` by edge direction `k` and leaving by `next` turns from
    /// one carriageway into the other of one merged road.
    func areOneRoad(arriving k: Int, leaving next: Int, at via: Int) -> Bool {
        let ek = k >> 1, en = next >> 1
        // Cheap tests first: two different one-ways of one name.
        guard ek != en, net.edgeName[ek] == net.edgeName[en], isOneWay(ek), isOneWay(en) else { return false }
        let node = Int32(via)
        // Edge ek leaves `via` by its other end than the one it was driven along.
        guard let back = guide.mergedHeading(leaving: ek, forward: k & 1 != 0, at: node),
              let on = guide.mergedHeading(leaving: en, forward: next & 1 == 0, at: node) else { return false }
        return abs(ManeuverBuilder.turnAngle(from: back, to: on)) < MergedCarriageways.sameHeading
    }

    private func isOneWay(_ e: Int) -> Bool { net.allows(e, forward: true, .car) != net.allows(e, forward: false, .car) }

    /// Degrees: merged headings are one bisector, equal but for rounding.
    static let sameHeading = 0.001
}
