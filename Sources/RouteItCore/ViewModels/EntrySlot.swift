import Foundation

/// One line of the trip entry: what was typed and, once an address was picked, the place (✓).
public struct EntrySlot: Equatable, Codable, Sendable {
    public var text: String
    public var mapItem: MapItem?
    /// How long the trip stays at this stop (`stay SLOT DURATION`), in seconds.
    public var stay: TimeInterval
    /// When the user wants the stop visited (`window SLOT 10:00-12:00`); none: any time.
    public var windows: [VisitWindow] = []
    /// What to keep when not every stop fits the day (`priority SLOT high|normal|low`).
    public var priority: StopPriority = .normal

    /// A stop visited at any time, of normal priority (`window` and `priority` set the rest).
    public init(text: String = "", mapItem: MapItem? = nil, stay: TimeInterval = 0) {
        self.text = text
        self.mapItem = mapItem
        self.stay = stay
    }

    private enum CodingKeys: String, CodingKey { case text, mapItem, stay, windows, priority }

    /// Trips saved before windows and priorities read as none and normal.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        mapItem = try container.decodeIfPresent(MapItem.self, forKey: .mapItem)
        stay = try container.decodeIfPresent(TimeInterval.self, forKey: .stay) ?? 0
        windows = try container.decodeIfPresent([VisitWindow].self, forKey: .windows) ?? []
        priority = try container.decodeIfPresent(StopPriority.self, forKey: .priority) ?? .normal
    }

    /// The stop's plan without its place: what typing a new text keeps.
    func keepingPlan(text: String, mapItem: MapItem? = nil) -> EntrySlot {
        var slot = self
        slot.text = text
        slot.mapItem = mapItem
        return slot
    }

    /// Drops the stay, windows and priority (the start has none); what they were (`stay 30m`,
    /// `window 10:00-11:00`, `high priority`), empty when there were none.
    mutating func clearingPlan() -> [String] {
        var parts: [String] = []
        if stay > 0 { parts.append("stay \(StayDuration.text(stay))") }
        if !windows.isEmpty {
            parts.append((windows.count == 1 ? "window " : "windows ") + windows.map(\.description).joined(separator: ", "))
        }
        if priority != .normal { parts.append("\(priority.rawValue) priority") }
        stay = 0
        windows = []
        priority = .normal
        return parts
    }

    /// ✓ on the entry screen: the text is backed by a picked place.
    public var isSelected: Bool { mapItem != nil }
}
