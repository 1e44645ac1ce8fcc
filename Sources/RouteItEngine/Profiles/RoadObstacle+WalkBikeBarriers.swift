/// Nodes walkers or cyclists cannot pass, as foot.lua's and bicycle.lua's `process_node` read
/// them: the most specific access key (`foot` > `access`; `bicycle` > `vehicle` > `access`) when
/// there is one, a blacklisted value closing the node (for cyclists, not on a crossing, whose
/// tags speak of the road crossed); else `barrier=yes|wall|fence` (not an audible fence, nor for
/// walkers a rising bollard). Such a node is turned back at, never passed.
extension RoadObstacle {
    static let walkBlockedValues: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]
    static let bikeBlockedValues: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"]
    static let walkBikeBlockingBarriers: Set<String> = ["yes", "wall", "fence"]

    static func walkAndBikeBarriers(_ t: TagLookup) -> [RoadObstacle] {
        var out: [RoadObstacle] = []
        let barrier = t["barrier"]
        let audibleFence = barrier == "fence" && (t["sensory"] == "audible" || t["sensory"] == "audio")
        let blockingBarrier = barrier.map(walkBikeBlockingBarriers.contains) == true && !audibleFence
        if let access = t["foot"] ?? t["access"] {
            if walkBlockedValues.contains(access) { out.append(RoadObstacle(kind: .walkBarrier, direction: .both)) }
        } else if blockingBarrier && t["bollard"] != "rising" {
            out.append(RoadObstacle(kind: .walkBarrier, direction: .both))
        }
        if let access = t["bicycle"] ?? t["vehicle"] ?? t["access"] {
            if bikeBlockedValues.contains(access) && t["highway"] != "crossing" {
                out.append(RoadObstacle(kind: .bikeBarrier, direction: .both))
            }
        } else if blockingBarrier {
            out.append(RoadObstacle(kind: .bikeBarrier, direction: .both))
        }
        return out
    }
}
