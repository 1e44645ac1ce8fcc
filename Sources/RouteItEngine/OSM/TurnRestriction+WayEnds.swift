extension TurnRestriction {
    /// The rules OSRM keeps (`find_turn_nodes` in extraction_containers.cpp): a via-node rule's
    /// from and to ways must both start or end at the via node, and a via-way rule's ways must
    /// meet end to end, from way to first via way to ... to the to way. A rule with a way that
    /// passes through the junction, or does not reach it (a relation naming the wrong way), is
    /// dropped instead of banning every turn there. `wayEnds`: each routable way's id, first
    /// and last node.
    static func endingAtTheirVia<S: Sequence>(_ rules: [TurnRestriction], wayEnds: S) -> [TurnRestriction]
    where S.Element == (Int64, Int64, Int64) {
        let wanted = Set(rules.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        guard !wanted.isEmpty else { return rules }
        var ends: [Int64: (Int64, Int64)] = [:]
        // A way id given twice is its first copy (`RepeatedWayIDs`).
        for (id, first, last) in wayEnds where wanted.contains(id) && ends[id] == nil { ends[id] = (first, last) }
        func meet(_ a: Int64, _ b: Int64) -> Bool {
            guard let x = ends[a], let y = ends[b] else { return false }
            return x.0 == y.0 || x.0 == y.1 || x.1 == y.0 || x.1 == y.1
        }
        return rules.filter { rule in
            if let via = rule.viaNode {
                func endsAtVia(_ way: Int64) -> Bool { ends[way].map { $0.0 == via || $0.1 == via } ?? false }
                return endsAtVia(rule.fromWay) && endsAtVia(rule.toWay)
            }
            let chain = [rule.fromWay] + rule.viaWays + [rule.toWay]
            return zip(chain, chain.dropFirst()).allSatisfy { meet($0, $1) }
        }
    }
}

extension TurnRestriction {
    /// The relation's rules, as OSRM's restriction_parser splits them: one per from way of a
    /// `no_entry` and one per to way of a `no_exit` (the only rules that may name several);
    /// otherwise the one rule, if it is one.
    static func rules(_ relation: OSMRelation) -> [TurnRestriction] { rules(relation, for: .car) }

    static func rules(_ relation: OSMRelation, for vehicle: Vehicle) -> [TurnRestriction] {
        if let one = TurnRestriction(relation, for: vehicle) { return [one] }
        func isWay(_ m: OSMMember, _ role: String) -> Bool { m.role == role && m.kind == .way }
        let froms = relation.members.filter { isWay($0, "from") }, tos = relation.members.filter { isWay($0, "to") }
        guard froms.count > 1 || tos.count > 1 else { return [] }
        let others = relation.members.filter { !isWay($0, "from") && !isWay($0, "to") }
        var split: [TurnRestriction] = []
        for from in froms {
            for to in tos {
                var single = relation
                single.members = others + [from, to]
                guard let rule = TurnRestriction(single, for: vehicle) else { return [] }
                if froms.count > 1 && !rule.restriction.hasPrefix("no_entry") { return [] }
                if tos.count > 1 && !rule.restriction.hasPrefix("no_exit") { return [] }
                split.append(rule)
            }
        }
        return split
    }
}
