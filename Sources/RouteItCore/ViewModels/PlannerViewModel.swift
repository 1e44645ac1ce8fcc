import Foundation

/// The planner that remembers: saving and opening whole trips, favourites, recent places and
/// settings, through a `PlannerStoring`. A store that cannot be used (damaged, unwritable)
/// makes these commands fail with its one line; planning itself goes on.
public final class PlannerViewModel {
    public let flow: TripFlowController
    /// The map this session plans on (`default`, an installed map's name or a path), saved with
    /// each trip; `use` changes it.
    public var mapName: String
    private let store: Result<PlannerStoring, Error>

    public init(flow: TripFlowController, store: Result<PlannerStoring, Error>, mapName: String) {
        self.flow = flow
        self.store = store
        self.mapName = mapName
    }

    /// The store's one line when it cannot be used, else nil.
    public var storeProblem: String? {
        if case .failure(let error) = store { return "\(error)" }
        return nil
    }

    private func usable() throws -> PlannerStoring {
        switch store {
        case .success(let store): return store
        case .failure(let error): throw Alert("\(error)")
        }
    }

    /// Runs a store call; its failure is one alert line.
    private func withStore<T>(_ body: (PlannerStoring) throws -> T) throws -> T {
        let store = try usable()
        do {
            return try body(store)
        } catch let error as InputError {
            throw error
        } catch let alert as Alert {
            throw alert
        } catch let cancelled as CancellationError {
            throw cancelled
        } catch {
            throw Alert("\(error)")
        }
    }

    /// Where every trip and favourite name enters: trimmed, checked, and in NFC (`SavedName`),
    /// so "café" typed either way is one name, stored and looked up alike. A `new` one (`save`,
    /// `favourite`) may not hold invisible characters either (Unicode's format characters:
    /// zero-width spaces and joiners, the byte order mark, bidi controls), or two names would
    /// look alike in `trips`; one looked up (`open`, `delete`) may, so a trip saved with one
    /// before stays reachable.
    static func checkName(_ name: String, usage: String, new: Bool = false) throws -> String {
        let trimmed = SavedName.normalized(name.trimmingCharacters(in: .whitespaces))
        guard !trimmed.isEmpty else { throw InputError(usage) }
        guard trimmed.count <= 80, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw InputError("A name is at most 80 characters, with no control characters.")
        }
        if new, let invisible = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .format }) {
            let hex = String(invisible.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw InputError("A name cannot hold invisible characters (\(code) here); type it again without them.")
        }
        return trimmed
    }

    /// Text from a file or the store enters the trip cleaned for the terminal, like the
    /// geocoder's answers do.
    static func terminalSafe(_ slot: EntrySlot) -> EntrySlot {
        slot.keepingPlan(text: TerminalSafeText.clean(slot.text), mapItem: slot.mapItem?.terminalSafe)
    }

    // MARK: Trips

    /// `save NAME`: the whole trip as it is now (an existing trip of that name, in any case and
    /// Unicode form, `SavedName`, is replaced, and the answer says so).
    public func save(name: String) throws -> String {
        let name = try Self.checkName(name, usage: "Name the trip: save NAME", new: true)
        // `open Weekend.gpx` reads a file: a trip saved under that name could never be opened.
        if [".gpx", ".geojson", ".json"].contains(where: { name.lowercased().hasSuffix($0) }) {
            throw InputError("A saved trip's name cannot end in .gpx or .geojson (open would read a file); export gpx FILE writes one.")
        }
        let entry = flow.entry
        let trip = SavedTrip(name: name, slots: entry.slots, departure: entry.departure,
                             transportType: flow.settings.transportType, distanceUnit: flow.settings.distanceUnit,
                             avoid: flow.settings.avoid, map: mapName, savedAt: flow.clock.currentDate(), day: entry.day)
        // Abandoned with Ctrl-C: nothing is stored (the store itself also gives up its wait).
        try Task.checkCancellation()
        let replaced = try withStore { try $0.trips() }.first { SavedName.same($0.name, name) }
        try withStore { try $0.save(trip) }
        let saved = "Saved trip \"\(name)\" (\(Self.places(trip.placeCount)))"
        guard let replaced else { return saved + "." }
        return saved + ", replacing the trip saved as \"\(TerminalSafeText.clean(replaced.name))\" (\(Self.places(replaced.placeCount)))."
    }

    /// `2 places`: a saved trip's picked places, its start among them (`SavedTrip.placeCount`),
    /// as `save` and `trips` both say it.
    static func places(_ count: Int) -> String { "\(count) place\(count == 1 ? "" : "s")" }

    /// `open NAME`: the saved trip replaces the one being planned.
    public func open(name: String) throws -> String {
        let name = try Self.checkName(name, usage: "Name the trip: open NAME")
        guard let trip = try withStore({ try $0.trip(named: name) }) else {
            throw InputError("No saved trip \"\(name)\"; trips lists them.")
        }
        try flow.load(slots: trip.slots.map(Self.terminalSafe), departure: trip.departure,
                      settings: TripSettings(transportType: trip.transportType, distanceUnit: trip.distanceUnit,
                                             avoid: trip.avoid ?? []))
        if let day = trip.day { try flow.editTrip { $0.restoreDay(day) } }
        // Saved before a trip visited each place once: the repeats lose their pick, not their text.
        var repeats: [(slot: Int, earlier: Int)] = []
        try flow.editTrip { repeats = $0.deselectRepeatedPlaces() }
        var text = "Opened trip \"\(trip.name)\"."
        if trip.map != mapName {
            text += " It was planned on \(trip.map); this session uses \(mapName)."
            if trip.map != "default" { text += " use \(trip.map) switches to it." }
        }
        if !repeats.isEmpty { text += "\n" + Self.repeatedPlacesNote(repeats, slots: flow.entry.slots) }
        return text
    }

    /// `Stop 3 (Kiosk) is the same place as stop 2: pick another place for it or remove it.`,
    /// naming every slot whose pick `open` cleared.
    static func repeatedPlacesNote(_ repeats: [(slot: Int, earlier: Int)], slots: [EntrySlot]) -> String {
        func earlier(_ index: Int) -> String { index == 0 ? "the start" : EntryViewModel.label(forSlotAt: index).lowercased() }
        let named = repeats.enumerated().map { position, pair in
            "\(EntryViewModel.label(forSlotAt: pair.slot)) (\(slots[pair.slot].text))"
                + (position == 0 ? " is the same place as " : " as ") + earlier(pair.earlier)
        }
        guard repeats.count > 1 else { return named[0] + ": pick another place for it or remove it." }
        return SpokenList.and(named) + ": pick another place for each or remove them."
    }

    /// A trip read from a file (`open trip.gpx`): its places, departure, mode, units and day
    /// (wait, back by, end, days). `unroutedStops`: stops the exported trip had that the file
    /// does not hold (an export is of the routed trip), said rather than silently lost.
    public func open(imported slots: [EntrySlot], departure: Departure, transportType: TransportType?, distanceUnit: DistanceUnit?,
                     day: DayOptions = DayOptions(), unroutedStops: Int = 0, from path: String) throws -> String {
        try flow.load(slots: slots.map(Self.terminalSafe), departure: departure,
                      settings: TripSettings(transportType: transportType ?? flow.settings.transportType,
                                             distanceUnit: distanceUnit ?? flow.settings.distanceUnit,
                                             avoid: flow.settings.avoid))
        try flow.editTrip { $0.restoreDay(day) }
        let stops = slots.count - 1
        var text = "Opened \(path) (\(stops) stop\(stops == 1 ? "" : "s"))."
        if unroutedStops > 0 {
            text += " The exported trip had \(unroutedStops) more stop\(unroutedStops == 1 ? "" : "s") it did not route (left out, or on a later day), which the file does not hold; add \(unroutedStops == 1 ? "it" : "them") again to plan \(unroutedStops == 1 ? "it" : "them")."
        }
        return text
    }

    /// `trips`: one line per saved trip, newest first. The save times are on the map's clock,
    /// as every trip time is (`TripFlowController.followMapClock`: `TZ`'s only when the map does
    /// not say), read first so the listing is the same whether or not a lookup came before.
    public func tripList() async throws -> String {
        let trips = try withStore { try $0.trips() }
        guard !trips.isEmpty else { return "No saved trips; save one with: save NAME" }
        await flow.followMapClock()
        let calendar = flow.calendar
        return (["Saved trips:"] + trips.map {
            "  \($0.name)  (\(Self.places($0.placeCount)), saved \(calendar.dateText($0.savedAt)) \(calendar.clockText($0.savedAt)), map \($0.map))"
        }).joined(separator: "\n")
    }

    /// For completion of `open` and `delete`.
    public func savedTripNames() throws -> [String] {
        try withStore { try $0.trips().map(\.name) }
    }

    /// `delete NAME`.
    public func delete(name: String) throws -> String {
        let name = try Self.checkName(name, usage: "Name the trip: delete NAME")
        guard try withStore({ try $0.deleteTrip(named: name) }) else { throw InputError("No saved trip \"\(name)\"; trips lists them.") }
        return "Deleted trip \"\(name)\"."
    }

    // MARK: Places

    /// `favourite SLOT NAME`: the slot's picked place under a name of its own.
    public func favourite(slotAt index: Int, name: String) throws -> String {
        let name = try Self.checkName(name, usage: "Name the place: favourite SLOT NAME", new: true)
        guard let item = flow.entry.slots[index].mapItem else {
            throw InputError("Slot \(index + 1) has no chosen place; enter \(index + 1) to choose one first.")
        }
        let replaced = try withStore { try $0.favourites() }.first { SavedName.same($0.name, name) && $0.item != item }
        try withStore { try $0.setFavourite(name, item: item) }
        let set = "Favourite \"\(name)\": \(item.placemark.formattedAddress)"
        return replaced.map { set + ", replacing \(TerminalSafeText.clean($0.item.placemark.formattedAddress))." } ?? set
    }

    /// `favourite delete NAME`: a favourite named by mistake, or whose place is gone, would
    /// otherwise lead every picker for good.
    public func deleteFavourite(name: String) throws -> String {
        let name = try Self.checkName(name, usage: "Name the favourite: favourite delete NAME")
        guard try withStore({ try $0.deleteFavourite(named: name) }) else {
            throw InputError("No favourite \"\(name)\"; favourites lists them.")
        }
        return "Deleted favourite \"\(name)\"."
    }

    /// `favourites`.
    public func favouriteList() throws -> String {
        let favourites = try withStore { try $0.favourites() }
        guard !favourites.isEmpty else { return "No favourites; name a picked place with: favourite SLOT NAME" }
        return (["Favourites:"] + favourites.map { "  \($0.name): \($0.item.placemark.formattedAddress)" }).joined(separator: "\n")
    }

    /// Favourites then recent places, for the picker (nothing when the store is unusable).
    public func preferredPlaces() -> [PreferredPlace] {
        guard case .success(let store) = store else { return [] }
        let favourites = ((try? store.favourites()) ?? []).map { (name: TerminalSafeText.clean($0.name), item: $0.item.terminalSafe) }
        let recent = ((try? store.recentPlaces()) ?? []).map(\.terminalSafe)
        return favourites.map { PreferredPlace(item: $0.item, favouriteName: $0.name) } + recent.map { PreferredPlace(item: $0) }
    }

    /// Words for Tab completion of `type SLOT ...`: favourite names, then recent places.
    public func completionWords() -> [String] {
        var seen = Set<String>()
        return preferredPlaces().map { $0.favouriteName ?? $0.item.placemark.formattedAddress }.filter { seen.insert($0).inserted }
    }

    /// A picked place becomes a recent one (a store failure only loses that memory).
    public func remember(_ item: MapItem) {
        guard case .success(let store) = store else { return }
        try? store.rememberPicked(item, at: flow.clock.currentDate())
    }

    // MARK: Settings

    /// The saved settings, else the first-run ones.
    public func storedSettings() -> TripSettings? {
        guard case .success(let store) = store else { return nil }
        return try? store.loadSettings()
    }

    /// Saves the one setting a command changed (not all of them: a second shell's `mode` must
    /// not undo this one's `units`). When the store cannot keep it (a full disk, a store busy
    /// past its wait), the sentence that says so: the setting holds for this session only.
    public func saveSetting(_ field: TripSettings.Field) -> String? {
        guard case .success(let store) = store else { return nil }
        do {
            try store.saveSettings(flow.settings, only: [field])
            return nil
        } catch {
            return "The \(field.rawValue) setting is kept for this session only. \(error)"
        }
    }
}
