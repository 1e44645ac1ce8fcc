/// How the planner's messages name a stop.
public enum StopNaming: Sendable {
    /// By its `TripPlace.label`, the name its front end gave it in the order given (`routeit
    /// route`, where the user knows only that order).
    case labels
    /// `Stop k`, the slot it moves to (the shell, which shows its slots in the new order).
    case newSlots

    /// Each place's name (by index into `places`); `newOrder` holds the indices of the stops in
    /// their new order (the start, index 0, not among them).
    func labels(_ places: [TripPlace], newOrder: [Int]) -> [String] {
        switch self {
        case .labels:
            return places.map(\.label)
        case .newSlots:
            var names = places.map(\.label)
            for (position, index) in newOrder.enumerated() { names[index] = EntryViewModel.label(forSlotAt: position + 1) }
            return names
        }
    }
}
