/// The mark of the current query in scratch entries that carry the query that wrote them:
/// entries of earlier queries then read as unset without clearing the array. 0 marks no
/// query (the zeroed entries of a new array); when the counter wraps round, the array is zeroed.
struct QueryStamp {
    private(set) var value: UInt32 = 0

    @discardableResult mutating func advance<Element>(clearing entries: ScratchArray<Element>) -> UInt32 {
        value &+= 1
        if value == 0 {
            entries.zeroAll()
            value = 1
        }
        return value
    }
}
