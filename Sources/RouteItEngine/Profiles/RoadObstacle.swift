/// Something on a road node that stops or slows a car passing it, read from the node's tags as
/// OSRM's car.lua reads them (`process_node` and lib/obstacles.lua), so both engines time a
/// route alike: barriers cars cannot pass, gates (60 s), traffic signals (2 s), stop signs (2 s)
/// and give-way signs (1 s).
struct RoadObstacle: Equatable {
    /// `barrier` stops cars; `walkBarrier` and `bikeBarrier` stop walkers and cyclists
    /// (`RoadObstacle+WalkBikeBarriers`); `turningPlace` (a turning circle or loop, a mini
    /// roundabout) lets a car turn round, as car.lua's `Obstacles.process_node` marks it.
    enum Kind: UInt8 { case barrier, gate, trafficSignals, stop, stopMinor, giveWay, walkBarrier, bikeBarrier, turningPlace }
    /// Which way along the tagged way it faces; `both` for untagged nodes.
    /// `unstated`: no `direction` tag. It applies both ways, but car.lua infers a stop sign's
    /// direction from where it stands (`process_turn`), which a tagged `both` overrides.
    enum Direction: UInt8 { case both, forward, backward, unstated }

    var kind: Kind
    var direction: Direction

    /// What passing it costs a car, ms (a barrier is not passed at all).
    var milliseconds: UInt32 {
        switch kind {
        case .barrier, .walkBarrier, .bikeBarrier, .turningPlace: return 0
        case .gate: return 60_000
        case .trafficSignals, .stop, .stopMinor: return 2_000
        case .giveWay: return 1_000
        }
    }

    /// Barriers cars may pass without stopping (car.lua's `barrier_whitelist`).
    private static let passableBarriers: Set<String> = [
        "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance", "height_restrictor", "arch",
    ]

    /// The keys without which a node is no obstacle.
    private static let keys = ["highway", "barrier", "access", "motorcar", "motor_vehicle", "vehicle", "foot", "bicycle"]

    /// Every obstacle the node's tags describe (a signal may also carry a barrier).
    static func parse(_ tags: [(String, String)]) -> [RoadObstacle] {
        // Most tagged nodes (addresses, shops, entrances) have none of the keys read below: out
        // before any lookup.
        guard tags.contains(where: { Self.keys.contains($0.0) }) else { return [] }
        let t = TagLookup(tags)
        var out = walkAndBikeBarriers(t)
        // The most specific access key decides (closed to cars as on a way); without one the
        // barrier type does.
        if let access = (t["motorcar"] ?? t["motor_vehicle"] ?? t["vehicle"] ?? t["access"]).map(CarProfile.resolve) {
            if RoadProfile.carBlockedValues.contains(access) { out.append(RoadObstacle(kind: .barrier, direction: .both)) }
        } else if let barrier = t["barrier"] {
            let gate = barrier == "gate" || barrier == "lift_gate"
            let risingBollard = t["bollard"] == "rising"
            let flatKerb = t["kerb"] == "lowered" || t["kerb"] == "flush"
            let crossingKerb = barrier == "kerb" && t["highway"] == "crossing"
            let audibleFence = barrier == "fence" && (t["sensory"] == "audible" || t["sensory"] == "audio")
            let tooLow = barrier == "height_restrictor" && (t["maxheight"].flatMap(CarProfile.height) ?? .infinity) < CarProfile.vehicleHeight
            if tooLow {
                out.append(RoadObstacle(kind: .barrier, direction: .both))
            } else if gate {
                out.append(RoadObstacle(kind: .gate, direction: .both))
            } else if !passableBarriers.contains(barrier) && !risingBollard && !flatKerb && !crossingKerb && !audibleFence {
                out.append(RoadObstacle(kind: .barrier, direction: .both))
            }
        }
        let kind: Kind?
        switch t["highway"] {
        case "traffic_signals": kind = .trafficSignals
        case "stop": kind = t["stop"] == "minor" ? .stopMinor : .stop
        case "give_way": kind = .giveWay
        case "turning_circle", "turning_loop", "mini_roundabout": kind = .turningPlace
        default: kind = nil
        }
        if let kind {
            let raw = kind == .trafficSignals ? (t["traffic_signals:direction"] ?? t["direction"]) : t["direction"]
            let direction: Direction = raw == "forward" ? .forward : raw == "backward" ? .backward : raw == "both" ? .both : .unstated
            out.append(RoadObstacle(kind: kind, direction: direction))
        }
        return out
    }

    /// Whether it applies to a car arriving along its way's direction (`forward`) or against it.
    func applies(arrivingForward forward: Bool) -> Bool {
        switch direction {
        case .both, .unstated: return true
        case .forward: return forward
        case .backward: return !forward
        }
    }
}
