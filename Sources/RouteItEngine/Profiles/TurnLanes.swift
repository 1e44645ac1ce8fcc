/// A way's turn lanes each way, as OSRM's profiles read them (`Guidance.get_turn_lanes`):
/// `turn:lanes:forward` (`:backward`), else `turn:lanes`. The guidance keeps a name change
/// announced where the road arriving has them, however short (OSRM's lane data on the step).
enum TurnLanes {
    static func flags(_ way: OSMWay) -> UInt8 {
        func has(_ key: String) -> Bool { way.tag(key).map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
        let both = has("turn:lanes")
        return (both || has("turn:lanes:forward") ? SecondEdgeFlags.turnLanesForward : 0)
            | (both || has("turn:lanes:backward") ? SecondEdgeFlags.turnLanesBackward : 0)
    }

    /// The car's lane strings along the way and against it (`""`: none), as car.lua hands them
    /// to OSRM: the plain key serves each direction the way is driven, `vehicle:lanes` drops the
    /// lanes cars may not use, and bus (psv) lanes at the sides are trimmed off empty ends.
    static func strings(_ way: OSMWay, forwardOneway: Bool, backwardOneway: Bool) -> (forward: String, backward: String) {
        func byDirection(_ key: String) -> (String?, String?) {
            var forward = way.tag(key + ":forward"), backward = way.tag(key + ":backward")
            if forward == nil || backward == nil {
                let common = way.tag(key)
                if forwardOneway {
                    forward = forward ?? common
                } else if backwardOneway {
                    backward = backward ?? common
                } else {
                    forward = forward ?? common
                    backward = backward ?? common
                }
            }
            return (forward, backward)
        }
        let (turnForward, turnBackward) = byDirection("turn:lanes")
        guard turnForward != nil || turnBackward != nil else { return ("", "") }
        let (vehicleForward, vehicleBackward) = byDirection("vehicle:lanes")
        let (psvForward, psvBackward) = psvCounts(way, byDirection)
        // Backward lanes are seen from the other end: the counts swap sides.
        return (processed(turnForward, vehicleForward, psvBackward, psvForward),
                processed(turnBackward, vehicleBackward, psvForward, psvBackward))
    }

    /// `get_psv_counts`: bus, taxi and the like lanes each way (the first key present wins).
    private static func psvCounts(_ way: OSMWay, _ byDirection: (String) -> (String?, String?)) -> (Int, Int) {
        let keys = ["lanes:psv", "lanes:taxi", "lanes:share_taxi", "lanes:minibus", "lanes:bus"].map(byDirection)
        func count(_ text: String?) -> Int {
            guard let text, let n = Double(text.trimmingCharacters(in: .whitespaces)), n > 0, n.rounded(.down) == n, n < 100 else { return 0 }
            return Int(n)
        }
        return (count(keys.lazy.compactMap(\.0).first), count(keys.lazy.compactMap(\.1).first))
    }

    /// `process_lanes`: `vehicle:lanes` when given, else the psv lanes trimmed at each side.
    private static func processed(_ lanes: String?, _ vehicle: String?, _ left: Int, _ right: Int) -> String {
        guard let lanes else { return "" }
        if let vehicle { return accessed(lanes, vehicle) }
        return trimmed(lanes, left: left, right: right)
    }

    /// `applyAccessTokens`: the lanes whose `vehicle:lanes` is `yes`, when both count alike.
    static func accessed(_ lanes: String, _ access: String) -> String {
        let tokens = lanes.split(separator: "|", omittingEmptySubsequences: false)
        let allowed = access.split(separator: "|", omittingEmptySubsequences: false)
        guard tokens.count == allowed.count else { return lanes }
        return zip(tokens, allowed).filter { $0.1 == "yes" }.map { String($0.0) }.joined(separator: "|")
    }

    /// `trimLaneString`: `left` (`right`) leading (trailing) separators dropped, when the string
    /// has that many there (an empty lane at the side is the bus lane).
    static func trimmed(_ lanes: String, left: Int, right: Int) -> String {
        var chars = Array(lanes.utf8)
        if left > 0, left < chars.count, chars.prefix(left).allSatisfy({ $0 == UInt8(ascii: "|") }) {
            chars.removeFirst(left)
        }
        if right > 0, right < chars.count, chars.suffix(right).allSatisfy({ $0 == UInt8(ascii: "|") }) {
            chars.removeLast(right)
        }
        return String(decoding: chars, as: UTF8.self)
    }
}
