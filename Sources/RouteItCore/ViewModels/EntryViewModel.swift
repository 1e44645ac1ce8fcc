import Foundation

/// The trip entry: a start slot followed by stop slots (2 by default, at most 200).
/// Slot numbers as the user sees them: 1 (`from`) is the start, 2 (`stop1`), 3 (`stop2`), ...
/// Every rule applies to every slot: typing clears the slot's place and ✓; routing needs a start
/// and at least one stop with a place; the trip is a round trip back to the start.
public final class EntryViewModel {
    public static let defaultStopCount = 2
    public static let maximumStopCount = 200

    public private(set) var slots: [EntrySlot]
    /// When the trip leaves the start (`depart`).
    public var departure: Departure = .now
    /// Waiting for windows, the end of day and where the trip ends (`wait`, `back by`, `end`);
    /// an end at a stop is its slot index, kept on that stop as stops move.
    public private(set) var day = DayOptions()

    public init(stopCount: Int = EntryViewModel.defaultStopCount) {
        slots = Array(repeating: EntrySlot(), count: 1 + max(1, min(stopCount, Self.maximumStopCount)))
    }

    public var start: EntrySlot { slots[0] }
    public var stops: [EntrySlot] { Array(slots.dropFirst()) }
    public var stopCount: Int { slots.count - 1 }

    /// Display label of the slot at `index` (0-based): `From` or `Stop N`.
    public static func label(forSlotAt index: Int) -> String {
        index == 0 ? "From" : "Stop \(index)"
    }

    /// The names a user may call slots, for help and completion: `from`, `stop1`, ...
    public var slotNames: [String] {
        ["from"] + (1...stopCount).map { "stop\($0)" }
    }

    /// Resolves `1`/`from`/`start`, `2`/`stop1`, `3`/`stop2`, ... to a 0-based slot index.
    public func slotIndex(named name: String) throws -> Int {
        let lowered = name.lowercased()
        var index: Int?
        if lowered == "from" || lowered == "start" {
            index = 0
        } else if lowered.hasPrefix("stop"), let n = Int(lowered.dropFirst(4)), n >= 1 {
            index = n
        } else if let n = Int(lowered) {
            index = n - 1
        }
        guard let index, slots.indices.contains(index) else {
            let names = stopCount == 1 ? "from, stop1" : "from, stop1-stop\(stopCount)"
            throw InputError("No slot \"\(name)\"; slots are 1-\(slots.count) (\(names)).")
        }
        return index
    }

    /// Sets the slot's text; the old place no longer matches it, so the place and ✓ are cleared
    /// (the planned stay, windows and priority are the stop's, and stay). `LAT,LON` is that
    /// place at once, as the tools and stop lists take it (`Coordinate(text:)`), refused as
    /// `select` refuses a place, and when it lies outside `area` (the loaded map's, when the map
    /// answers for the trip): the route would only say so later.
    public func type(_ text: String, inSlotAt index: Int, within area: MapArea? = nil) throws {
        if let coordinate = Coordinate(text: text) {
            if let area, !area.contains(coordinate) { throw area.outsideAlert(coordinate.description, at: coordinate) }
            try select(MapItem(placemark: Placemark(coordinate: coordinate)), forSlotAt: index)
            return
        }
        slots[index] = slots[index].keepingPlan(text: text)
        show(slotAt: index)
    }

    /// A picked place: the slot shows its address and gets its ✓. A place another slot holds
    /// (`PlaceKey`) is refused and the slot is left as it was: a trip visits each place once.
    public func select(_ item: MapItem, forSlotAt index: Int) throws {
        let key = PlaceKey(item.coordinate)
        if let other = slots.indices.first(where: { $0 != index && slots[$0].mapItem.map { PlaceKey($0.coordinate) } == key }) {
            let name = other == 0 ? "the start" : Self.label(forSlotAt: other)
            throw InputError("That place is already \(name) (\(slots[other].text)); a trip visits each place once.")
        }
        slots[index] = slots[index].keepingPlan(text: item.placemark.formattedAddress, mapItem: item)
        show(slotAt: index)
    }

    /// `window SLOT 10:00-12:00[,14:00-16:00]` (none: `window SLOT none`).
    public func setWindows(_ windows: [VisitWindow], forSlotAt index: Int) throws {
        guard slots.indices.contains(index) else { throw InputError("No such slot.") }
        guard index != 0 else { throw InputError("The start has no window; set when the trip leaves with: depart HH:MM") }
        slots[index].windows = windows
    }

    /// `priority SLOT high|normal|low`.
    public func setPriority(_ priority: StopPriority, forSlotAt index: Int) throws {
        guard slots.indices.contains(index) else { throw InputError("No such slot.") }
        guard index != 0 else { throw InputError("The start is always part of the trip; priorities are for stops.") }
        slots[index].priority = priority
    }

    // MARK: the day

    /// `end SLOT|start|anywhere`: the start (slot 1) is a round trip.
    public func setEnd(_ end: TripEndChoice) throws {
        if case .place(let index) = end {
            guard slots.indices.contains(index) else { throw InputError("No such slot.") }
            day.end = index == 0 ? .start : end
        } else {
            day.end = end
        }
    }

    /// `back by HH:MM|none`.
    public func setBackBy(_ minutes: Int?) { day.backBy = minutes }

    /// `wait on|off`.
    public func setWaits(_ waits: Bool) { day.waits = waits }

    /// `days N`.
    public func setDays(_ days: Int) { day.days = days }

    /// A saved trip's day; an end at a slot it does not have, or days out of range, read as
    /// the defaults.
    public func restoreDay(_ saved: DayOptions) {
        day = saved
        if case .place(let index) = saved.end, !(1..<slots.count).contains(index) { day.end = .start }
        if !(1...DayOptions.maxDays).contains(saved.days) { day.days = 1 }
    }

    func endWithoutPlace(_ slot: Int) -> InputError {
        InputError("The trip ends at \(Self.label(forSlotAt: slot)), which has no chosen place; enter \(slot + 1) to choose one, or: end start")
    }

    /// Where the end is after slots move: `moved(old)` is the slot's new index, nil when gone.
    private func moveEnd(_ moved: (Int) -> Int?) {
        guard case .place(let index) = day.end else { return }
        day.end = moved(index).map { .place($0) } ?? .start
    }

    // MARK: pages

    /// A long trip is shown a page of slots at a time.
    public static let pageSize = 20
    /// The page of slots the entry shows (0-based): the one last edited, or `page N`.
    public private(set) var page = 0
    public var pageCount: Int { (slots.count + Self.pageSize - 1) / Self.pageSize }
    /// The slot indices on the page shown.
    public var slotsOnPage: Range<Int> {
        let first = min(page, pageCount - 1) * Self.pageSize
        return first..<min(slots.count, first + Self.pageSize)
    }

    /// `page N|next|prev` (N from 1).
    public func showPage(_ words: String) throws {
        let target: Int
        switch words.lowercased() {
        case "next": target = page + 1
        case "prev", "previous": target = page - 1
        default:
            guard !words.isEmpty, words.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw InputError("Usage: page N|next|prev (pages 1-\(pageCount)).") }
            // Digits past what a number holds are a page this trip has not either.
            guard let n = Int(words) else { throw InputError("There are pages 1-\(pageCount); this trip has no page \(QuotedInput.text(words)).") }
            target = n - 1
        }
        guard (0..<pageCount).contains(target) else { throw InputError("There are pages 1-\(pageCount); this trip has no page \(target + 1).") }
        page = target
    }

    private func show(slotAt index: Int) { page = index / Self.pageSize }

    /// `stay SLOT DURATION`: how long the trip stays at a stop. The start has no stay: the trip
    /// leaves it at the departure time.
    public func setStay(_ seconds: TimeInterval, forSlotAt index: Int) throws {
        guard slots.indices.contains(index) else { throw InputError("No such slot.") }
        guard index != 0 else { throw InputError("The start has no stay; set when the trip leaves with: depart HH:MM") }
        guard seconds.isFinite, seconds >= 0, seconds <= StayDuration.maximum else { throw InputError("A stay is 0 to 24h.") }
        slots[index].stay = seconds
    }

    /// Replaces every slot and the departure at once (`open NAME`).
    public func load(slots newSlots: [EntrySlot], departure newDeparture: Departure) throws {
        guard newSlots.count >= 2, newSlots.count <= 1 + Self.maximumStopCount else {
            throw InputError("A trip has a start and 1-\(Self.maximumStopCount) stops.")
        }
        slots = newSlots
        departure = newDeparture
        day.end = .start
        day.backBy = nil
        day.days = 1
        page = 0
    }

    /// Clears the ✓ (keeping the text) of every chosen place `isGone` rejects, e.g. those outside
    /// a newly chosen map; returns their slot indices.
    @discardableResult
    public func deselectPlaces(where isGone: (MapItem) -> Bool) -> [Int] {
        let gone = slots.indices.filter { slots[$0].mapItem.map(isGone) ?? false }
        for index in gone { slots[index] = slots[index].keepingPlan(text: slots[index].text) }
        return gone
    }

    /// Clears the pick (✓ and place; the text, stay, window and priority stay) of every slot
    /// whose place an earlier slot holds (`PlaceKey`): a trip saved by an older RouteIt may
    /// visit a place twice, which a trip no longer does. Returns each such slot with the
    /// earlier one, in slot order.
    @discardableResult
    public func deselectRepeatedPlaces() -> [(slot: Int, earlier: Int)] {
        var holder: [PlaceKey: Int] = [:], repeats: [(slot: Int, earlier: Int)] = []
        for index in slots.indices {
            guard let item = slots[index].mapItem else { continue }
            if let earlier = holder[PlaceKey(item.coordinate)] {
                repeats.append((index, earlier))
                slots[index] = slots[index].keepingPlan(text: slots[index].text)
            } else {
                holder[PlaceKey(item.coordinate)] = index
            }
        }
        return repeats
    }

    /// `swap` with no arguments: stops 1 and 2 trade places entirely.
    public func swapFirstTwoStops() throws {
        guard stopCount >= 2 else { throw InputError("There is only one stop; add another to swap.") }
        slots.swapAt(1, 2)
        moveEnd { $0 == 1 ? 2 : $0 == 2 ? 1 : $0 }
    }

    /// `swap A B`: any two slots trade text, place and ✓. The start has no stay, window or
    /// priority (the trip leaves from it), so a stop that becomes the start loses them, and ends
    /// there becomes "back to the start"; the returned notes say what changed.
    @discardableResult
    public func swapSlots(_ a: Int, _ b: Int) throws -> [String] {
        guard slots.indices.contains(a), slots.indices.contains(b) else { throw InputError("No such slot.") }
        guard a != b else { throw InputError("Name two different slots to swap.") }
        let endedAtNewStart = a == 0 && day.end == .place(b) || b == 0 && day.end == .place(a)
        slots.swapAt(a, b)
        moveEnd { $0 == a ? b : $0 == b ? a : $0 }
        var notes: [String] = []
        if a == 0 || b == 0 {
            let cleared = slots[0].clearingPlan()
            if !cleared.isEmpty {
                notes.append("The start has no stay, window or priority: its \(SpokenList.and(cleared)) \(cleared.count == 1 ? "is" : "are") cleared.")
            }
        }
        if day.end == .place(0) {
            day.end = .start
            if endedAtNewStart { notes.append("The trip ended at that stop, now the start: it ends back at the start.") }
        }
        return notes
    }

    /// `add`: a new empty stop at the end.
    public func addStop() throws {
        guard stopCount < Self.maximumStopCount else {
            throw InputError("A trip has at most \(Self.maximumStopCount) stops.")
        }
        slots.append(EntrySlot())
        show(slotAt: slots.count - 1)
    }

    /// `remove SLOT`: drops a stop; the start stays and so does at least one stop. A trip that
    /// ended at the stop ends back at the start, said in the returned note (as `swap` says it).
    @discardableResult
    public func removeSlot(at index: Int) throws -> [String] {
        guard slots.indices.contains(index) else { throw InputError("No such slot.") }
        guard index != 0 else {
            throw InputError("The starting point cannot be removed; type a new one with: type 1 TEXT")
        }
        guard stopCount > 1 else { throw InputError("A trip needs at least one stop.") }
        let endedHere = day.end == .place(index)
        let removed = slots.remove(at: index)
        moveEnd { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
        page = min(page, pageCount - 1)
        guard endedHere else { return [] }
        let name = removed.mapItem?.shortName ?? removed.text
        let named = name.isEmpty ? Self.label(forSlotAt: index) : "\(Self.label(forSlotAt: index)) (\(name))"
        return ["The trip ended at \(named), now removed: it ends back at the start."]
    }

    /// Puts the stops in a new order (the start stays first). `order` is a permutation of
    /// `stops.indices` (0-based): the new first stop is `stops[order[0]]`, and so on.
    /// Used by `optimize`.
    public func reorderStops(_ order: [Int]) throws {
        guard order.count == stopCount, Set(order) == Set(0..<stopCount) else {
            throw InputError("A stop order must name each of the \(stopCount) stops exactly once.")
        }
        let current = stops
        slots = [slots[0]] + order.map { current[$0] }
        moveEnd { old in order.firstIndex(of: old - 1).map { $0 + 1 } }
    }

    /// A start and at least one stop have a picked place.
    public var canRoute: Bool {
        start.isSelected && stops.contains { $0.isSelected }
    }

    /// The places to visit in order: the start, every stop with a place, and the start again.
    /// Throws the exact validation alert when the trip cannot be routed.
    public func trip() throws -> [MapItem] {
        try plannedTrip().places.map(\.item)
    }

    /// The trip to route: its places with their stays, windows and names, up to its end, and
    /// what is left out (stops with text but no chosen place, and `leftOut` slots, which the
    /// last `optimize` could not fit: `leftOutNotes` say why), said rather than silently skipped.
    public func plannedTrip(leftOut: Set<Int> = [], leftOutNotes: [String] = [], departure: Date? = nil,
                            calendar: LocalCalendar = .fromEnvironment()) throws -> PlannedTrip {
        guard canRoute, let origin = start.mapItem else { throw invalidTripAlert }
        var places = [TripPlace(item: origin, stay: 0, label: TripPlace.label(forPlaceAt: 0))]
        var notices: [String] = []
        var end = day.end, endFound = false
        for (offset, slot) in stops.enumerated() {
            let index = offset + 1
            if let item = slot.mapItem, !leftOut.contains(index) {
                if day.end == .place(index) { (end, endFound) = (.place(places.count), true) }
                places.append(TripPlace(item: item, stay: slot.stay, label: TripPlace.label(forPlaceAt: index),
                                        windows: slot.windows, priority: slot.priority))
            } else if slot.mapItem == nil, !slot.text.trimmingCharacters(in: .whitespaces).isEmpty {
                notices.append("\(Self.label(forSlotAt: index)) (\"\(slot.text)\") has no chosen place and is left out; enter \(index + 1) to choose one.")
            }
        }
        if case .place(let slot) = day.end, !endFound {
            throw endWithoutPlace(slot)
        }
        var options = day
        options.end = end
        return try TripDay.plannedTrip(places: places, notices: notices + leftOutNotes, options: options,
                                       departure: departure, calendar: calendar)
    }
}
