/// Ways a file gives twice under one id (two extracts concatenated, a hand-edited file): the
/// first copy is the way, as the first copy of a node is (`NodeCoordinates.record`); a later
/// one would add a second road, or another shape, under the same id.
enum RepeatedWayIDs {
    /// The indices, ascending, of the ways whose id an earlier way had. `inIDOrder`: the ids
    /// never went down (a sorted file, the usual), so only neighbours can repeat and no sort is
    /// needed; otherwise the ways are sorted by id once.
    static func laterCopies(count: Int, inIDOrder: Bool, id: (Int) -> Int64) -> [Int] {
        guard count > 1 else { return [] }
        var later: [Int] = []
        if inIDOrder {
            for i in 1..<count where id(i) == id(i - 1) { later.append(i) }
            return later
        }
        let order = (0..<count).sorted { id($0) != id($1) ? id($0) < id($1) : $0 < $1 }
        for k in 1..<order.count where id(order[k]) == id(order[k - 1]) { later.append(order[k]) }
        return later.sorted()
    }
}
