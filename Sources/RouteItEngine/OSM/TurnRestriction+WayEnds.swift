extension TurnRestriction {
    /// The via-node rules OSRM keeps: its from and to ways must both start or end at the via node
    /// (`find_turn_nodes` in extraction_containers.cpp); one that passes through it, or does not
    /// reach it (a relation naming the wrong way), is dropped instead of banning every turn there.
    /// Rules via ways are kept as they are. `wayEnds`: each routable way's id, first and last node.
    static func endingAtTheirVia<S: Sequence>(_ rules: [TurnRestriction], wayEnds: S) -> [TurnRestriction]
    where S.Element == (Int64, Int64, Int64) {
        let wanted = Set(rules.filter { $0.viaNode != nil }.flatMap { [$0.fromWay, $0.toWay] })
        guard !wanted.isEmpty else { return rules }
        var ends: [Int64: (Int64, Int64)] = [:]
        for (id, first, last) in wayEnds where wanted.contains(id) { ends[id] = (first, last) }
        return rules.filter { rule in
            guard let via = rule.viaNode else { return true }
            func endsAtVia(_ way: Int64) -> Bool { ends[way].map { $0.0 == via || $0.1 == via } ?? false }
            return endsAtVia(rule.fromWay) && endsAtVia(rule.toWay)
        }
    }
}

extension TurnRestriction {
    /// The relation's rules, as OSRM's restriction_parser splits them: one per from way of a
    /// `no_entry` and one per to way of a `no_exit` (the only rules that may name several);
    /// otherwise the one rule, if it is one.
    static func rules(_ relation: OSMRelation) -> [TurnRestriction] {
        if let one = TurnRestriction(relation) { return [one] }
        func isWay(_ m: OSMMember, _ role: String) -> Bool { m.role == role && m.kind == .way }
        let froms = relation.members.filter { isWay($0, "from") }, tos = relation.members.filter { isWay($0, "to") }
        guard froms.count > 1 || tos.count > 1 else { return [] }
        let others = relation.members.filter { !isWay($0, "from") && !isWay($0, "to") }
        var split: [TurnRestriction] = []
        for from in froms {
            for to in tos {
                var single = relation
                single.members = others + [from, to]
                guard let rule = TurnRestriction(single) else { return [] }
                if froms.count > 1 && !rule.restriction.hasPrefix("no_entry") { return [] }
                if tos.count > 1 && !rule.restriction.hasPrefix("no_exit") { return [] }
                split.append(rule)
            }
        }
        return split
    }
}
