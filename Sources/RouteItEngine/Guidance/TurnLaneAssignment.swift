/// Which of a road's turn lanes lead onto the road a route takes at a junction, as OSRM's
/// guidance assigns them (`TurnLaneHandler`'s simple scenarios, `turn_lane_matcher.cpp`,
/// `turn_lane_augmentation.cpp`): each lane indication goes to the road that best fits its
/// idealised angle, in order from the right; a `none` lane takes the turns left over. Where
/// OSRM would need the junction beyond (a lane for a turn not yet possible), or the lanes do not
/// match the roads, no lanes are given, as OSRM gives none.
enum TurnLaneAssignment {
    /// OSRM's `TurnLaneType` masks, in its order (the JSON lists a lane's indications in it).
    static let names = ["none", "straight", "sharp left", "left", "slight left", "slight right", "right",
                        "sharp right", "uturn", "merge to left", "merge to right"]
    static let none: UInt16 = 1, straight: UInt16 = 2, sharpLeft: UInt16 = 4, left: UInt16 = 8
    static let slightLeft: UInt16 = 16, slightRight: UInt16 = 32, right: UInt16 = 64, sharpRight: UInt16 = 128
    static let uTurn: UInt16 = 256, mergeToLeft: UInt16 = 512, mergeToRight: UInt16 = 1024
    private static let osmWords = ["none", "through", "sharp_left", "left", "slight_left", "slight_right", "right",
                                   "sharp_right", "reverse", "merge_to_left", "merge_to_right"]

    /// The lanes of a `turn:lanes` string, left to right (`laneStringToDescription`): an empty
    /// lane is `none`; any word OSRM does not know drops them all (nil).
    static func description(_ text: String) -> [UInt16]? {
        guard !text.isEmpty else { return nil }
        var lanes: [UInt16] = []
        for lane in text.split(separator: "|", omittingEmptySubsequences: false) {
            let words = lane.split(separator: ";")
            var mask: UInt16 = words.isEmpty ? none : 0
            for word in words {
                guard let bit = osmWords.firstIndex(of: String(word)) else { return nil }
                mask |= 1 << UInt16(bit)
            }
            lanes.append(mask)
        }
        return lanes
    }

    /// The indications of one lane's mask, as OSRM writes them.
    static func indications(_ mask: UInt16) -> [String] {
        names.indices.filter { mask & (1 << UInt16($0)) != 0 }.map { names[$0] }
    }

    /// OSRM's `DirectionModifier`: u-turn, sharp right ... sharp left.
    enum Modifier: Int {
        case uTurn, sharpRight, right, slightRight, straight, slightLeft, left, sharpLeft

        /// `getTurnDirection`: 0 is back, 180 straight on, 90 right.
        init(angle: Double) {
            switch angle {
            case let a where a > 0 && a < 60: self = .sharpRight
            case 60..<140: self = .right
            case 140..<160: self = .slightRight
            case 160...200: self = .straight
            case let a where a > 200 && a <= 220: self = .slightLeft
            case let a where a > 220 && a <= 300: self = .left
            case let a where a > 300 && a < 360: self = .sharpLeft
            default: self = .uTurn
            }
        }

        var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
        var isRight: Bool { self == .slightRight || self == .right || self == .sharpRight }
        var tag: UInt16 { [uTurn, sharpRight, right, slightRight, straight, slightLeft, left, sharpLeft][rawValue] }

        private var uTurn: UInt16 { TurnLaneAssignment.uTurn }
        private var sharpRight: UInt16 { TurnLaneAssignment.sharpRight }
        private var right: UInt16 { TurnLaneAssignment.right }
        private var slightRight: UInt16 { TurnLaneAssignment.slightRight }
        private var straight: UInt16 { TurnLaneAssignment.straight }
        private var slightLeft: UInt16 { TurnLaneAssignment.slightLeft }
        private var left: UInt16 { TurnLaneAssignment.left }
        private var sharpLeft: UInt16 { TurnLaneAssignment.sharpLeft }
    }

    /// A road at the junction as the lane matcher sees it. `angle`: OSRM's turn angle onto it
    /// (0 back, 90 right, 180 straight on, 270 left); `goesOn`: its instruction goes on along
    /// the road (OSRM's suppressed turn, new name, or a slight fork or continue), which a
    /// through lane matches; `merges`: a merge, whose side is mirrored; `reversed`: a one-way
    /// that cannot be driven away from the junction.
    struct Road {
        var angle: Double
        var entryAllowed: Bool
        var modifier: Modifier
        var goesOn = false
        var merges = false
        var reversed = false
    }

    /// A run of lanes sharing one indication (`TurnLaneData`): lanes numbered from the right.
    struct LaneRun: Equatable {
        var tag: UInt16
        var from: Int
        var to: Int
    }

    // MARK: OSRM's lane data

    /// `laneDataFromDescription`: each indication's run of lanes, in OSRM's order; none when
    /// runs overlap by more than a lane or a u-turn lies between others.
    static func laneRuns(_ lanes: [UInt16]) -> [LaneRun] {
        var runs: [UInt16: (Int, Int)] = [:]
        var number = lanes.count - 1
        for mask in lanes {
            for shift in 0..<names.count where mask & (1 << UInt16(shift)) != 0 {
                let bit = UInt16(1) << UInt16(shift)
                if let run = runs[bit] { runs[bit] = (number, run.1) } else { runs[bit] = (number, number) }
            }
            number -= 1
        }
        let data = runs.map { LaneRun(tag: $0.key, from: $0.value.0, to: $0.value.1) }.sorted(by: precedes)
        for i in data.indices.dropFirst() {
            if i + 1 < data.count && data[i].tag & uTurn != 0 { return [] }
            if data[i - 1].to > data[i].from { return [] }
        }
        return data
    }

    private static let orderOfTags: [UInt16] = [sharpRight, right, slightRight, straight, slightLeft, left, sharpLeft, uTurn]

    /// `TurnLaneData::operator<`: by lanes from the right, a u-turn on the outside.
    static func precedes(_ a: LaneRun, _ b: LaneRun) -> Bool {
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        if a.tag == b.tag { return false }
        if a.tag == uTurn { return a.from == 0 }
        if b.tag == uTurn { return b.from != 0 }
        let rank = { (tag: UInt16) in orderOfTags.firstIndex(of: tag) ?? orderOfTags.count }
        return rank(a.tag) < rank(b.tag)
    }

    static func hasTag(_ tag: UInt16, _ data: [LaneRun]) -> Bool { data.contains { $0.tag & tag != 0 } }

    // MARK: matching

    static func isValidMatch(_ tag: UInt16, _ road: Road) -> Bool {
        switch tag {
        case uTurn: return road.modifier.isLeft || road.modifier == .uTurn
        case sharpRight, right, slightRight: return road.merges ? road.modifier.isLeft : road.modifier.isRight
        case straight: return road.modifier == .straight || road.goesOn
        case slightLeft, left, sharpLeft: return road.merges ? road.modifier.isRight : road.modifier.isLeft
        default: return false
        }
    }

    private static let idealAngles: [Double] = [0, 35, 90, 135, 180, 225, 270, 315]

    /// `getMatchingModifier`: a merge lane matches straight on; an unknown tag the u-turn.
    private static func idealAngle(_ tag: UInt16) -> Double {
        let modifiers: [UInt16: Modifier] = [uTurn: .uTurn, sharpRight: .sharpRight, right: .right, slightRight: .slightRight,
                                             straight: .straight, slightLeft: .slightLeft, left: .left, sharpLeft: .sharpLeft,
                                             mergeToLeft: .straight, mergeToRight: .straight]
        return idealAngles[(modifiers[tag] ?? .uTurn).rawValue]
    }

    /// `getMatchingQuality`: how far the road lies from the tag's ideal angle.
    static func quality(_ tag: UInt16, _ road: Road) -> Double { deviation(idealAngle(tag), road.angle) }

    private static func deviation(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// `findBestMatch`: a valid match first, then one that may be entered, then the closest angle.
    static func bestMatch(_ tag: UInt16, _ roads: [Road], from start: Int = 0, uTurnTag: Bool = false) -> Int {
        let matched = uTurnTag ? uTurn : tag
        var best = start
        for i in roads.indices.dropFirst(start + 1) {
            let a = roads[i], b = roads[best]
            let (validA, validB) = (isValidMatch(matched, a), isValidMatch(matched, b))
            if validA != validB { if validA { best = i }; continue }
            if a.entryAllowed != b.entryAllowed { if a.entryAllowed { best = i }; continue }
            if deviation(idealAngle(matched), a.angle) < deviation(idealAngle(matched), b.angle) { best = i }
        }
        return best
    }

    /// `findBestMatchForReverse`: the u-turn, looked for from its neighbouring lane's road on.
    static func bestMatchForReverse(neighbour: UInt16, _ roads: [Road]) -> Int {
        let next = bestMatch(neighbour, roads)
        if next + 1 == roads.count { return 0 }
        return bestMatch(uTurn, roads, from: next, uTurnTag: true)
    }

    /// `canMatchTrivially`: each run's best road is the next road that may be entered, in order.
    static func canMatchTrivially(_ roads: [Road], _ data: [LaneRun]) -> Bool {
        var road = 1, lane = 0
        if data.first?.tag == uTurn && roads[0].entryAllowed { lane = 1 }
        while road < roads.count && lane < data.count {
            if roads[road].entryAllowed {
                guard isValidMatch(data[lane].tag, roads[road]), bestMatch(data[lane].tag, roads) == road else { return false }
                lane += 1
            }
            road += 1
        }
        return lane == data.count || (lane + 1 == data.count && data.last?.tag == uTurn)
    }

    /// `triviallyMatchLanesToTurns`: each road's lanes (first from the right, count); nil
    /// when the lanes do not match the roads.
    static func triviallyMatched(_ roads: [Road], _ data: [LaneRun]) -> [(first: Int, count: Int)?]? {
        guard !data.isEmpty, canMatchTrivially(roads, data) else { return nil }
        var matched = [(first: Int, count: Int)?](repeating: nil, count: roads.count)
        func match(_ road: Int, _ run: LaneRun) { matched[road] = (run.from, run.to - run.from + 1) }
        var road = 1, lane = 0
        if data.first?.tag == uTurn {
            guard roads[0].entryAllowed else { return matched }
            var uTurnRoad = 0
            if roads[0].reversed {
                guard roads.count > 1, roads[1].entryAllowed, roads[1].modifier == .sharpRight else { return matched }
                uTurnRoad = 1
                road = 2
            }
            match(uTurnRoad, data[data.count - 1])
            lane = 1
        }
        while road < roads.count && lane < data.count {
            if roads[road].entryAllowed {
                match(road, data[lane])
                lane += 1
            }
            road += 1
        }
        if lane + 1 == data.count, data[data.count - 1].tag == uTurn {
            var uTurnRoad = 0
            if roads[0].reversed {
                guard let last = roads.last, last.entryAllowed, last.modifier == .sharpLeft else { return matched }
                uTurnRoad = roads.count - 1
            }
            match(uTurnRoad, data[data.count - 1])
        }
        return matched
    }

    /// `isSimpleIntersection`: the lanes fit the junction's turns one to one (a `none` lane aside).
    static func isSimple(_ data: [LaneRun], _ roads: [Road]) -> Bool {
        guard !data.isEmpty else { return false }
        if roads.count == 2 {
            return data.filter { $0.tag & (mergeToLeft | mergeToRight) != 0 }.count + 1 >= data.count
        }
        var turns = roads.filter(\.entryAllowed).count
        if turns < data.count && !roads[0].entryAllowed && data.last?.tag == uTurn { turns += 1 }
        if turns + 2 <= data.count { return false }
        if turns + 1 == data.count && data.first?.tag != none && data.last?.tag != none { return false }
        if turns > data.count && !data.contains(where: { $0.tag == none }) { return false }
        if turns > data.count && roads[0].entryAllowed
            && !(hasTag(uTurn, data) || (data.last?.tag != left && data.last?.tag != sharpLeft)) { return false }
        var allSimple = true, hasNone = false
        var matchedRoads = Set<Int>()
        for (i, run) in data.enumerated() {
            if run.tag == none { hasNone = true; continue }
            let best: Int
            if run.tag != uTurn || data.count == 1 {
                best = bestMatch(run.tag, roads)
            } else if i + 1 == data.count {
                best = bestMatchForReverse(neighbour: data[i - 1].tag, roads)
            } else if i == 0 {
                best = bestMatchForReverse(neighbour: data[i + 1].tag, roads)
            } else {
                best = 0
            }
            allSimple = allSimple && !matchedRoads.contains(best)
            matchedRoads.insert(best)
            allSimple = allSimple && (roads[best].entryAllowed || ((best == 0 || best + 1 == roads.count) && !roads[best].reversed))
            allSimple = allSimple && isValidMatch(run.tag, roads[best])
        }
        return allSimple && (matchedRoads.count == data.count || (matchedRoads.count + 1 == data.count && hasNone))
    }

    // MARK: `none` lanes

    /// `handleNoneValueAtSimpleTurn`: a `none` lane takes the turns no lane names, joins its
    /// neighbour, or is named after the turn it must be.
    static func handlingNone(_ given: [LaneRun], _ roads: [Road]) -> [LaneRun] {
        guard !roads.isEmpty, let noneIndex = given.firstIndex(where: { $0.tag & none != 0 }) else { return given }
        var data = given
        let connections = roads.filter(\.entryAllowed).count - (roads[0].entryAllowed && data.last?.tag != uTurn ? 1 : 0)
        if connections > data.count {
            data = augmentingMultiple(noneIndex, connections, data, roads)
        } else if connections < data.count {
            guard connections + 1 == data.count else { return data }
            data = mergingNone(noneIndex, data)
        } else {
            data = renaming(noneIndex, data, roads)
        }
        return data.sorted(by: precedes)
    }

    private static func augmentingMultiple(_ noneIndex: Int, _ connections: Int, _ given: [LaneRun], _ roads: [Road]) -> [LaneRun] {
        var data = given
        let wanted = connections - data.count
        let range: Range<Int> = {
            if noneIndex == 0 {
                var count = 0
                for i in 1..<roads.count {
                    count += roads[i].entryAllowed ? 1 : 0
                    if count > wanted { return 1..<(i + 1) }
                }
            } else if noneIndex + 1 == data.count {
                var count = 0
                for i in stride(from: roads.count - 1, to: 0, by: -1) {
                    count += roads[i].entryAllowed ? 1 : 0
                    if count > wanted { return i..<roads.count }
                }
            } else {
                var begin = 1, count = 0
                for i in 1..<roads.count {
                    count += roads[i].entryAllowed ? 1 : 0
                    if count >= noneIndex { begin = i + 1; break }
                }
                count = 0
                for i in begin..<max(begin, roads.count) {
                    count += roads[i].entryAllowed ? 1 : 0
                    if count > wanted { return begin..<(i + 1) }
                }
            }
            return 0..<0
        }()
        let run = data[noneIndex]
        let allowed = range.filter { roads[$0].entryAllowed }.count
        if allowed > 1 && run.to - run.from >= 1 {
            if let straightRoad = range.first(where: { roads[$0].modifier == .straight }) {
                for i in range.lowerBound..<straightRoad { data.append(LaneRun(tag: roads[i].modifier.tag, from: run.from, to: run.from)) }
                data.append(LaneRun(tag: roads[straightRoad].modifier.tag, from: run.from, to: run.to))
                for i in (straightRoad + 1)..<max(straightRoad + 1, range.upperBound) {
                    data.append(LaneRun(tag: roads[i].modifier.tag, from: run.to, to: run.to))
                }
                data.remove(at: noneIndex)
            }
            return data
        }
        for i in range where roads[i].entryAllowed { data.append(LaneRun(tag: roads[i].modifier.tag, from: run.from, to: run.to)) }
        data.remove(at: noneIndex)
        return data
    }

    /// `mergeNoneTag`: "left| | |right": the empty lanes join their neighbours.
    private static func mergingNone(_ noneIndex: Int, _ given: [LaneRun]) -> [LaneRun] {
        var data = given
        if noneIndex == 0 || noneIndex + 1 == data.count {
            guard data.count > 1 else { return data }
            if noneIndex == 0 { data[1].from = data[0].from } else { data[noneIndex - 1].to = data[noneIndex].to }
            data.remove(at: noneIndex)
        } else if data[noneIndex].to - data[noneIndex].from <= 1 {
            data[noneIndex - 1].to = data[noneIndex].from
            data[noneIndex + 1].from = data[noneIndex].to
            data.remove(at: noneIndex)
        }
        return data
    }

    /// `handleRenamingSituations`: a `none` lane at a side is the turn to that side, or straight on.
    private static func renaming(_ noneIndex: Int, _ given: [LaneRun], _ roads: [Road]) -> [LaneRun] {
        var data = given
        let open = roads.filter(\.entryAllowed).map(\.modifier)
        let hasRight = open.contains { $0.isRight }, hasThrough = open.contains(.straight), hasLeft = open.contains { $0.isLeft }
        let isRight = { (tag: UInt16) in tag == sharpRight || tag == right }
        let isLeft = { (tag: UInt16) in tag == sharpLeft || tag == left }
        if noneIndex == 0 {
            if hasRight && (data.count == 1 || !isRight(data[1].tag)) {
                data[0].tag = right
                if data.count > 1 && data[1].tag == straight {
                    data[1].from = data[0].from
                    data[0].to = data[0].from
                }
            } else if hasThrough && (data.count == 1 || data[1].tag != straight) {
                data[0].tag = straight
            }
        } else if noneIndex + 1 == data.count {
            if hasLeft && !isLeft(data[noneIndex - 1].tag) {
                data[noneIndex].tag = left
                if data[noneIndex - 1].tag == straight {
                    data[noneIndex - 1].to = data[noneIndex].to
                    data[noneIndex].from = data[noneIndex].to
                }
            } else if hasThrough && data[noneIndex - 1].tag != straight {
                data[noneIndex].tag = straight
            }
        } else {
            let next = data[noneIndex + 1].tag, previous = data[noneIndex - 1].tag
            if (next == left || next == slightLeft || next == sharpLeft) && (previous == right || previous == slightRight || previous == sharpRight) {
                data[noneIndex].tag = straight
            }
        }
        return data
    }
}
