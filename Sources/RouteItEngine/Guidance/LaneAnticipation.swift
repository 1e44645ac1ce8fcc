import RouteItCore

/// OSRM's `anticipateLaneChange` (lane_processing.cpp): in a run of junctions close together
/// that all have lanes, a later turn narrows the lanes valid at the one before, so that the
/// driver is already in a lane for it (fewer lanes lead on: keep to the side of the next turn).
enum LaneAnticipation {
    /// One junction as a step of OSRM's at that stage (every junction is one): how far to the
    /// next, whether its turn goes unsaid (`Suppressed`), and whether it turns left or right.
    struct Turn {
        var distance: Double
        var suppressed: Bool
        var left: Bool
        var right: Bool
    }

    /// The lanes of a step: first valid lane from the right, how many, of how many.
    private struct Lanes: Equatable {
        var first: Int
        var count: Int
        var total: Int
        var right: Int { first }
        var left: Int { total - count - first }
    }

    /// OSRM's `min_distance_needed_for_lane_change`, metres a lane.
    static let laneChangeMetres = 200.0

    /// `junctions[i]`'s lanes narrowed for the turns after it (`turns[i]` says how it turns).
    static func anticipated(_ junctions: [RouteIntersection], turns: [Turn]) -> [RouteIntersection] {
        guard junctions.count == turns.count else { return junctions }
        var lanes = junctions.map(Self.lanes)
        func isShortWithLanes(_ i: Int) -> Bool {
            guard let l = lanes[i] else { return false }
            return turns[i].distance < Double(1 + max(l.right, l.left)) * laneChangeMetres
        }
        var straightLeft = Set<Int>(), straightRight = Set<Int>()
        var start = 0
        while start < junctions.count {
            guard isShortWithLanes(start) else { start += 1; continue }
            var end = start
            while end + 1 < junctions.count && isShortWithLanes(end + 1) { end += 1 }
            var travelled = 0.0
            // Backwards: each turn constrains the one before it.
            for current in stride(from: end, to: start, by: -1) {
                let previous = current - 1
                guard let now = lanes[current], let before = lanes[previous] else { continue }
                travelled = turns[previous].suppressed ? travelled + turns[previous].distance : 0
                let delta = before.count - now.count
                guard before.count > 1, before.count > now.count, !(travelled > Double(delta) * laneChangeMetres) else { continue }
                if !turns[previous].left && !turns[previous].right {
                    if turns[current].left || straightLeft.contains(current) {
                        straightLeft.insert(previous)
                    } else if turns[current].right || straightRight.contains(current) {
                        straightRight.insert(previous)
                    }
                }
                var first: Int
                if turns[current].left || (!turns[current].right && straightLeft.contains(current)) {
                    first = before.first + before.count - now.count - min(now.left, now.count)
                } else {
                    first = before.first + min(now.right, now.count)
                }
                // OSRM's lane numbers are bytes: one below the rightmost wraps round (no lane).
                if first < 0 { first += 256 }
                lanes[previous] = Lanes(first: first, count: now.count, total: before.total)
            }
            start = end + 1
        }
        return junctions.indices.map { i in
            guard let l = lanes[i], l != Self.lanes(junctions[i]) else { return junctions[i] }
            var junction = junctions[i]
            for k in junction.lanes.indices {
                let number = junction.lanes.count - 1 - k
                junction.lanes[k].valid = number >= l.first && number < l.first + l.count
            }
            return junction
        }
    }

    /// The junction's valid lanes as one run (OSRM keeps a turn's lanes as one), nil if none.
    private static func lanes(_ junction: RouteIntersection) -> Lanes? {
        let numbers = junction.lanes.indices.filter { junction.lanes[$0].valid }.map { junction.lanes.count - 1 - $0 }
        guard let low = numbers.min(), let high = numbers.max() else { return nil }
        return Lanes(first: low, count: high - low + 1, total: junction.lanes.count)
    }
}
