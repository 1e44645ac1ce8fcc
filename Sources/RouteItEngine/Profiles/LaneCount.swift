import Foundation

/// A way's number of lanes as OSRM's guidance reads it (`Guidance.set_classification` in
/// profiles/lib/guidance.lua, then `ExtractorCallbacks::ProcessWay`): `lanes` when it is a whole
/// number above 0, else `lanes:forward` plus `lanes:backward` (only when `lanes` is absent);
/// at least as many as its turn lanes (`turn:lanes` counted each way it is driven). 0 = unknown.
/// OSRM's obvious-way rules compare these counts (a road narrowing by two lanes onto a lesser
/// class, a road of n lanes splitting into two of n/2).
enum LaneCount {
    static func of(_ way: OSMWay, forwardOneway: Bool, backwardOneway: Bool) -> UInt8 {
        var count = 0
        if let lanes = way.tag("lanes") {
            count = wholeNumber(lanes) ?? 0
        } else {
            count = (way.tag("lanes:forward").flatMap(wholeNumber) ?? 0) + (way.tag("lanes:backward").flatMap(wholeNumber) ?? 0)
        }
        // `Tags.get_forward_backward_by_key`: the plain key serves each direction the way is driven.
        let common = way.tag("turn:lanes")
        let forward = way.tag("turn:lanes:forward") ?? (backwardOneway ? nil : common)
        let backward = way.tag("turn:lanes:backward") ?? (forwardOneway ? nil : common)
        let turnLanes = [forward, backward].reduce(0) { sum, lanes in
            guard let lanes, !lanes.isEmpty else { return sum }
            return sum + lanes.split(separator: "|", omittingEmptySubsequences: false).count
        }
        return UInt8(min(255, max(count, turnLanes)))
    }

    /// Lua's `to_number_uint`: a number above 0 with no fraction.
    private static func wholeNumber(_ text: String) -> Int? {
        guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n > 0, n.rounded(.down) == n, n < 1e6 else { return nil }
        return Int(n)
    }
}
