/// The street labels a route's guidance has decoded, by the map's name entry: a car's junction
/// asks the labels of its ways again and again (islands, obvious ways, sliproads), and decoding
/// a name and a ref from the map's bytes cost more than a look-up (about a tenth of a warm
/// route's instructions). Lives as long as one `ManeuverBuilder`, that is one query.
final class StreetLabelMemo {
    private var labels = KeyedMemoTable<StreetLabel>()

    func label(ofName nameIndex: Int32, _ decode: () -> StreetLabel) -> StreetLabel {
        let key = UInt64(UInt32(bitPattern: nameIndex))
        if let known = labels[key] { return known }
        let label = decode()
        labels[key] = label
        return label
    }
}

extension ManeuverBuilder {
    /// `net.label(of:)`, decoded once per name for the builder's query.
    func streetLabel(of edge: Int) -> StreetLabel {
        labelMemo.label(ofName: net.edgeName[edge]) { net.label(of: edge) }
    }
}
