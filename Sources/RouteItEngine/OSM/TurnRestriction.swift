import Foundation
import RouteItCore

/// A car turn restriction relation as OSM tags it: from a way, via a node or via one or more
/// ways (a U-turn through the gap of a dual carriageway, say), to a way.
struct TurnRestriction: Equatable {
    enum Kind: UInt8 { case no = 0, only = 1 }
    var relationId: Int64
    var kind: Kind
    /// "no_left_turn", "only_straight_on", ...
    var restriction: String
    var fromWay: Int64
    /// The via node, or nil when the via members are ways (`viaWays`, in order).
    var viaNode: Int64?
    var viaWays: [Int64]
    var toWay: Int64
    /// When the rule holds, in opening_hours syntax (`Mo-Fr 07:00-09:00`), from
    /// `restriction:conditional` or `day_on`/`day_off`/`hour_on`/`hour_off`; nil: always.
    var condition: String?

    /// Whether the rule holds only at some times the router can tell (a condition it
    /// understands): such rules are checked at the time of passage instead of always holding
    /// in the graph (`ConditionalTurns`).
    var isTimed: Bool {
        guard let condition else { return false }
        return OpeningHours(condition).isKnown
    }

    /// Whether the car graph is built with the rule: every rule without times, and via-way
    /// rules with times, whose node copies it lays without their ban (the router needs the
    /// copies to ban the turn only for cars that came by the from-way, at the time of passage).
    var shapesCarGraph: Bool { !isTimed || viaNode == nil }

    /// Whose rules a relation is read for: the profile's `restrictions` list (car.lua's
    /// motorcar, bicycle.lua's bicycle), its `restriction:<key>` before `restriction`, and the
    /// `except` values that free it.
    enum Vehicle: Sendable {
        case car, bicycle
        var restrictionKey: String { self == .car ? "restriction:motorcar" : "restriction:bicycle" }
        var exceptValues: Set<Substring> { self == .car ? ["motorcar", "motor_vehicle"] : ["bicycle"] }
    }

    /// nil for relations that are not a restriction of `vehicle` of one of those two shapes.
    init?(_ relation: OSMRelation, for vehicle: Vehicle = .car) {
        var tags: [String: String] = [:]
        for (k, v) in relation.tags { tags[k] = v }
        guard tags["type"] == "restriction" else { return nil }
        var condition: String?
        var plain = tags[vehicle.restrictionKey] ?? tags["restriction"]
        if plain == nil, let conditional = tags[vehicle.restrictionKey + ":conditional"] ?? tags["restriction:conditional"],
           let (value, when) = Self.splitConditional(conditional) {
            plain = value
            condition = when
        } else if plain != nil {
            condition = Self.legacyCondition(tags)
        }
        guard let value = plain else { return nil }
        if let except = tags["except"], except.split(separator: ";").contains(where: vehicle.exceptValues.contains) {
            return nil
        }
        // OSRM's restriction_parser: `no_*_on_red` is a traffic-light rule, not a turn ban.
        if value.hasPrefix("no_") && !value.hasSuffix("_on_red") {
            kind = .no
        } else if value.hasPrefix("only_") {
            kind = .only
        } else {
            return nil
        }
        let members = TurnRelationMembers(relation)
        let (from, to, viaNodes, viaWays) = (members.from, members.to, members.viaNodes, members.viaWays)
        guard !members.hasOtherVia, from.count == 1, to.count == 1,
              (viaNodes.count == 1 && viaWays.isEmpty) || (viaNodes.isEmpty && !viaWays.isEmpty) else { return nil }
        relationId = relation.id
        restriction = value
        fromWay = from[0]; viaNode = viaNodes.first; self.viaWays = viaWays; toWay = to[0]
        self.condition = condition
    }

    /// `no_left_turn @ (Mo-Fr 07:00-09:00)` → ("no_left_turn", "Mo-Fr 07:00-09:00"): the first
    /// of its conditions (one restriction relation carries one rule).
    static func splitConditional(_ text: String) -> (String, String)? {
        guard let at = text.firstIndex(of: "@") else { return nil }
        let value = text[..<at].trimmingCharacters(in: .whitespaces)
        var rest = text[text.index(after: at)...].trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix("(") {
            var depth = 0
            var end = rest.endIndex
            for i in rest.indices {
                if rest[i] == "(" { depth += 1 } else if rest[i] == ")" { depth -= 1; if depth == 0 { end = i; break } }
            }
            rest = String(rest[rest.index(after: rest.startIndex)..<end]).trimmingCharacters(in: .whitespaces)
        } else if let semicolon = rest.firstIndex(of: ";") {
            rest = String(rest[..<semicolon]).trimmingCharacters(in: .whitespaces)
        }
        guard !value.isEmpty, !rest.isEmpty else { return nil }
        return (value, rest)
    }

    /// The old tags `day_on`/`day_off` (`Monday`, `Mo`) and `hour_on`/`hour_off` (`7:00`) as
    /// one opening_hours condition (`Mo-Fr 07:00-09:00`); nil when none is there.
    static func legacyCondition(_ tags: [String: String]) -> String? {
        let names = ["mo", "tu", "we", "th", "fr", "sa", "su"]
        func day(_ key: String) -> String? {
            guard let text = tags[key]?.trimmingCharacters(in: .whitespaces).lowercased(), text.count >= 2,
                  names.contains(String(text.prefix(2))) else { return nil }
            return String(text.prefix(1)).uppercased() + String(text.dropFirst().prefix(1))
        }
        func hour(_ key: String) -> String? {
            guard let text = tags[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text.count == 4 && text.dropFirst().first == ":" ? "0" + text : text
        }
        let days = day("day_on").map { on in day("day_off").map { on + "-" + $0 } ?? on }
        let hours = hour("hour_on").flatMap { on in hour("hour_off").map { on + "-" + $0 } }
        let parts = [days, hours].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    init(relationId: Int64, kind: Kind, restriction: String, fromWay: Int64, viaNode: Int64?,
         viaWays: [Int64] = [], toWay: Int64, condition: String? = nil) {
        self.relationId = relationId; self.kind = kind; self.restriction = restriction
        self.fromWay = fromWay; self.viaNode = viaNode; self.viaWays = viaWays; self.toWay = toWay
        self.condition = condition
    }
}
