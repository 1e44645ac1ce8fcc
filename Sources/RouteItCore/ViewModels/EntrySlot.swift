/// One line of the trip entry: what was typed and, once an address was picked, the place (✓).
public struct EntrySlot: Equatable, Sendable {
    public var text: String
    public var mapItem: MapItem?

    public init(text: String = "", mapItem: MapItem? = nil) {
        self.text = text
        self.mapItem = mapItem
    }

    /// ✓ on the entry screen: the text is backed by a picked place.
    public var isSelected: Bool { mapItem != nil }
}
