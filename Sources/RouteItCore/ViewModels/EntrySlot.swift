import Foundation

/// One line of the trip entry: what was typed and, once an address was picked, the place (✓).
public struct EntrySlot: Equatable, Sendable {
    public var text: String
    public var mapItem: MapItem?
    /// How long the trip stays at this stop (`stay SLOT DURATION`), in seconds.
    public var stay: TimeInterval

    public init(text: String = "", mapItem: MapItem? = nil, stay: TimeInterval = 0) {
        self.text = text
        self.mapItem = mapItem
        self.stay = stay
    }

    /// ✓ on the entry screen: the text is backed by a picked place.
    public var isSelected: Bool { mapItem != nil }
}
