/// Two ways drawn over the same stretch (a street and a destination-only way along part of it,
/// a bus route's way on a street) are one stretch to drive. OSRM keeps one segment per direction
/// of such parallel segments (`PrepareEdges`): the quicker, and at equal time the one named first
/// in byte order (unnamed last). So a street that overlaps an `access=destination` way named
/// before it is closed to through traffic there, and the stretch bears the kept way's name.
/// RouteIt kept both, drove the open one through and named the stretch after either.
extension RoadNetwork {
    /// Of each direction of each parallel pair (`settleParallelEdges`), the loser stops carrying cars that way.
    mutating func keepOneOfParallelCarEdges(_ adjacency: NodeAdjacency) {
        settleParallelEdges(adjacency, for: .car) { net, edge, other, alike in
            for forward in [true, false] {
                let otherForward = alike ? forward : !forward
                guard net.allows(edge, forward: forward, .car), net.allows(other, forward: otherForward, .car) else { continue }
                if net.isPreferredByCar(other, forward: otherForward, over: edge, forward: forward) {
                    net.edgeFlags[edge] &= ~(forward ? EdgeFlags.carForward : EdgeFlags.carBackward)
                } else {
                    net.edgeFlags[other] &= ~(otherForward ? EdgeFlags.carForward : EdgeFlags.carBackward)
                }
            }
            return true
        }
    }

    /// Quicker, then named over unnamed, then the name first in byte order (OSRM compares the
    /// name, not the ref), then the older way (the first in the file).
    fileprivate func isPreferredByCar(_ edge: Int, forward: Bool, over other: Int, forward otherForward: Bool) -> Bool {
        let time = weight(edge, forward: forward, .car), otherTime = weight(other, forward: otherForward, .car)
        if time != otherTime { return time < otherTime }
        let name = label(of: edge).name, otherName = label(of: other).name
        if name.isEmpty != otherName.isEmpty { return otherName.isEmpty }
        if name != otherName { return name.utf8.lexicographicallyPrecedes(otherName.utf8) }
        return edgeWay[edge] < edgeWay[other]
    }
}
