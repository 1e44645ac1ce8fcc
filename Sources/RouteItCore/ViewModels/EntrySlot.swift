import Foundation

/// One line of the trip entry: what was typed and, once an address was picked, the place (✓).
public struct EntrySlot: Equatable, Codable, Sendable {
    public var text: String
    public var mapItem: MapItem?
    /// How long the trip stays at this stop (`stay SLOT DURATION`), in seconds.
    public var stay: TimeInterval

    public init(text: String = "", mapItem: MapItem? = nil, stay: TimeInterval = 0) {
        self.text = text
        self.mapItem = mapItem
        self.stay = stay
    }

    private enum CodingKeys: String, CodingKey { case text, mapItem, stay }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        mapItem = try container.decodeIfPresent(MapItem.self, forKey: .mapItem)
        stay = try container.decodeIfPresent(TimeInterval.self, forKey: .stay) ?? 0
    }

    /// ✓ on the entry screen: the text is backed by a picked place.
    public var isSelected: Bool { mapItem != nil }
}
