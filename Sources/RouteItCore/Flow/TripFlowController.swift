import Foundation

/// Navigation between the screens: entry ⇄ address picker, entry ⇄ directions. It owns which
/// screen is shown and when to move; the view models hold the state and do the work.
/// A computation that was cancelled (Ctrl-C) never changes the screen or the trip.
public final class TripFlowController {
    public let entry: EntryViewModel
    public let timer: TripTimerViewModel
    public let location: LocationViewModel
    public private(set) var settings = TripSettings()
    public private(set) var screen: AppScreen = .entry

    private let geocoder: Geocoding
    private let directions: Directions
    private let attribution: String?

    public init(entry: EntryViewModel = EntryViewModel(), geocoder: Geocoding, directions: Directions,
                location: LocationViewModel, timer: TripTimerViewModel, attribution: String? = nil) {
        self.entry = entry
        self.geocoder = geocoder
        self.directions = directions
        self.location = location
        self.timer = timer
        self.attribution = attribution
    }

    // MARK: entry ⇄ picker

    /// `enter SLOT`: looks the slot's text up and shows the picker; no match is `Address not found.`
    public func enter(slotAt index: Int) async throws {
        try requireNoOpenPicker()
        let text = entry.slots[index].text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            throw InputError("Slot \(index + 1) is empty; type an address first: type \(index + 1) TEXT")
        }
        let picker = try await AddressPickerViewModel.search(text, forSlotAt: index, near: location.currentLocation,
                                                               using: geocoder)
        try Task.checkCancellation()
        screen = .picker(picker)
    }

    /// `pick ROW`: a candidate fills its slot with ✓; `None of the above` changes nothing.
    /// Either way the picker closes.
    public func pick(row: Int) throws {
        guard case .picker(let picker) = screen else {
            throw InputError("There is nothing to pick from; look an address up first: enter SLOT")
        }
        if let item = try picker.pick(row: row) {
            entry.select(item, forSlotAt: picker.slotIndex)
        }
        screen = .entry
    }

    // MARK: entry ⇄ directions

    /// `route`: computes the round trip and shows the directions; on an alert the entry stays.
    public func route() async throws {
        try requireNoOpenPicker()
        let trip = try entry.trip()
        let result = try await DirectionsViewModel.calculate(trip: trip, transportType: settings.transportType,
                                                             using: directions, attribution: attribution)
        try Task.checkCancellation()
        screen = .directions(result)
    }

    /// `back`: closes the picker (no change) or the directions.
    public func back() throws {
        guard case .entry = screen else {
            screen = .entry
            return
        }
        throw InputError("Already at the trip entry.")
    }

    // MARK: editing the trip and settings

    /// Runs an edit of the trip. Not while choosing an address; from the directions it returns
    /// to the entry, since the directions no longer match the trip.
    public func editTrip(_ edit: (EntryViewModel) throws -> Void) throws {
        try requireNoOpenPicker()
        try edit(entry)
        screen = .entry
    }

    /// `locate`: the current position's address goes into the start slot with ✓.
    @discardableResult
    public func locate() async throws -> LocationViewModel.Located {
        try requireNoOpenPicker()
        let located = try await location.locate(using: geocoder)
        try Task.checkCancellation()
        entry.select(located.item, forSlotAt: 0)
        screen = .entry
        return located
    }

    /// `mode car|walk`: directions for the other mode are stale, so they close.
    public func setTransportType(_ type: TransportType) {
        settings.transportType = type
        if case .directions = screen { screen = .entry }
    }

    /// `units mi|km`: only the display changes; the screen stays.
    public func setDistanceUnit(_ unit: DistanceUnit) {
        settings.distanceUnit = unit
    }

    private func requireNoOpenPicker() throws {
        if case .picker(let picker) = screen {
            throw InputError("Choose an address first: pick 1-\(picker.rows.count), or back.")
        }
    }
}
