import RouteItCore
@testable import RouteItEngine

/// The road network `RoadLayerBuilder` makes of a hand-made fixture (a `GridTown`), and any
/// mode's graph over it: what the hierarchy tests build their hierarchies from.
struct FixtureNetwork {
    var net: RoadNetwork
    let junctions: [Int64]
    let restrictions: [TurnRestriction]

    init(_ fixture: RoadFixture) throws {
        let builder = RoadLayerBuilder()
        var coordinates = NodeCoordinates()
        for e in fixture.entities {
            switch e {
            case .node(let n): coordinates.record(n.id, Coordinate(latitude: n.latitude, longitude: n.longitude))
            case .way(let w): try builder.collect(way: w) { _ in }
            case .relation(let r): try builder.collect(relation: r) { _ in }
            }
        }
        (net, junctions) = builder.buildNetwork(coordinates: coordinates)
        restrictions = builder.restrictions
    }

    func graph(_ mode: TransportType) -> ModeGraph {
        ModeGraph.build(net, mode: mode, restrictions: restrictions) { RoadLayerBuilder.index(of: $0, in: junctions) }
    }
}
