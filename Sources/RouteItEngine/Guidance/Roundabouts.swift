import RouteItCore

/// A roundabout is one step: "At the roundabout, take the 2nd exit", exits counted as the mode
/// may take them, until the route leaves it.
extension ManeuverBuilder {
    /// The roundabout step starting at leg `i`: exits passed counted until the route leaves it.
    /// Returns the step (with the exit road's first leg), the last leg in it and the next leg.
    func roundabout(from i: Int, _ legs: [RouteLeg], _ coords: [[Coordinate]],
                            _ isMeaningful: [Bool]) -> (Draft, Int, Int) {
        var exits = 0
        var j = i
        var exitLeg: Int?
        var roundaboutLegs: [Int] = []
        while j < legs.count {
            if net.edgeFlags[legs[j].edge] & EdgeFlags.roundabout == 0 && isMeaningful[j] { exitLeg = j; break }
            roundaboutLegs.append(j)
            if j + 1 < legs.count && net.edgeFlags[legs[j + 1].edge] & EdgeFlags.roundabout != 0 && legs[j].to == (legs[j].forward ? 1 : 0) {
                exits += exitCount(at: endNode(legs[j]), excluding: legs[j].edge)
            }
            j += 1
        }
        if let exitLeg {
            let exitName = net.name(of: legs[exitLeg].edge)
            var draft = Draft(kind: .roundabout, name: exitName, exitNumber: exits + 1)
            for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
            draft.add(legs[exitLeg], coords[exitLeg])
            return (draft, exitLeg, exitLeg + 1)
        }
        var draft = Draft(kind: .roundabout, name: net.name(of: legs[i].edge))
        for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
        return (draft, roundaboutLegs.last ?? i, j)
    }

    /// Roads leaving a roundabout node that the mode may take (the roundabout itself excluded).
    private func exitCount(at node: Int32, excluding edge: Int) -> Int {
        var count = 0
        for e in adjacency.edges(of: node) where e != edge {
            if net.edgeFlags[e] & EdgeFlags.roundabout != 0 { continue }
            let leavesForward = net.edgeFrom[e] == node
            if net.allows(e, forward: leavesForward, mode) { count += 1 }
        }
        return count
    }
}
