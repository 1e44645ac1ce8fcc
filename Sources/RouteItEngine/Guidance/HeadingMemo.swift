/// The headings a route's guidance has measured, by the way and the junction it leaves: every
/// junction reads the heading of each of its ways several times (its branches, its obvious way,
/// islands and carriageways beside it), and a route's alternatives pass the same junctions.
/// A heading depends only on the map and the mode, so it holds for the whole query (one
/// `ManeuverBuilder`).
final class HeadingMemo {
    private var junction = KeyedMemoTable<Double?>()
    private var merged = KeyedMemoTable<Double?>()
    private var perceived = KeyedMemoTable<Double?>()

    /// One key for edge `e` left by its `forward` end at `node`.
    private static func key(_ e: Int, _ forward: Bool, _ node: Int32) -> UInt64 {
        UInt64(truncatingIfNeeded: e) << 33 | (forward ? 1 << 32 : 0) | UInt64(UInt32(bitPattern: node))
    }

    func junctionHeading(_ e: Int, _ forward: Bool, _ node: Int32, _ measure: () -> Double?) -> Double? {
        Self.remembered(in: &junction, Self.key(e, forward, node), measure)
    }

    func mergedHeading(_ e: Int, _ forward: Bool, _ node: Int32, _ measure: () -> Double?) -> Double? {
        Self.remembered(in: &merged, Self.key(e, forward, node), measure)
    }

    func perceivedHeading(_ e: Int, _ forward: Bool, _ node: Int32, _ measure: () -> Double?) -> Double? {
        Self.remembered(in: &perceived, Self.key(e, forward, node), measure)
    }

    private static func remembered(in table: inout KeyedMemoTable<Double?>, _ key: UInt64, _ measure: () -> Double?) -> Double? {
        if let known = table[key] { return known }
        let heading = measure()
        table[key] = .some(heading)
        return heading
    }
}
