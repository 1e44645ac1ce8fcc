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
    /// The last directions computed for the trip as it is: kept when the directions close
    /// (`map` and `export` still have them) until the trip, its times or the mode change.
    public private(set) var lastDirections: DirectionsViewModel? {
        didSet { if lastDirections == nil { laterDays = [] } }
    }
    /// The wall clock (`depart now`, today's date) and the calendar times are shown in: the
    /// map's (`LocalCalendar.forMap`) once `mapCalendar` has told it, until then `TZ`'s.
    public let clock: WallClock
    public private(set) var calendar: LocalCalendar
    /// The calendar of the map in use, opening it if need be (nil: it cannot be opened, or no
    /// front end set it); asked before a lookup, a route or an order, and by `followMapClock`.
    public var mapCalendar: (() async -> LocalCalendar?)?
    /// The zone a departure typed as a clock time (`depart 10:00`) was read in: on another
    /// map's clock it stays 10:00. A departure opened from a saved trip or file is an instant.
    private var typedDepartureZone: TimeZone?

    private let geocoder: Geocoding
    private let directions: Directions
    private let attribution: String?

    public init(entry: EntryViewModel = EntryViewModel(), geocoder: Geocoding, directions: Directions,
                location: LocationViewModel, timer: TripTimerViewModel, attribution: String? = nil,
                clock: WallClock = SystemWallClock(), calendar: LocalCalendar = .fromEnvironment(),
                settings: TripSettings = TripSettings()) {
        self.entry = entry
        self.geocoder = geocoder
        self.directions = directions
        self.location = location
        self.timer = timer
        self.attribution = attribution
        self.clock = clock
        self.calendar = calendar
        self.settings = settings
    }

    // MARK: entry ⇄ picker

    /// `enter SLOT`: looks the slot's text up and shows the picker; no match is `Address not found.`
    /// Text that is `LAT,LON` is that place, as `type` takes it (refused as `type` refuses it: held
    /// by another slot, or outside `area`), so a slot that lost its ✓ (`use` of another map and
    /// back) gets it again; the geocoder would not find a coordinate.
    public func enter(slotAt index: Int, within area: MapArea? = nil) async throws {
        try requireNoOpenPicker()
        let text = entry.slots[index].text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            throw InputError("Slot \(index + 1) is empty; type an address first: type \(index + 1) TEXT")
        }
        if let coordinate = Coordinate(text: text) {
            // Already that place: nothing changes (the directions kept for `map` stay).
            if entry.slots[index].mapItem.map({ $0.coordinate.isSamePlace(as: coordinate) }) == true { return }
            try applyEdit { try $0.type(text, inSlotAt: index, within: area) }
            return
        }
        await followMapClock()
        let picker = try await AddressPickerViewModel.search(text, forSlotAt: index, near: location.currentLocation,
                                                             using: geocoder, preferred: preferredPlaces(),
                                                             at: clock.currentDate(), calendar: calendar, unit: settings.distanceUnit)
        try Task.checkCancellation()
        screen = .picker(picker)
    }

    /// `pick ROW`: a candidate fills its slot with ✓; `None of the above` changes nothing.
    /// Either way the picker closes, unless the place is refused (another slot holds it).
    public func pick(row: Int) throws {
        guard case .picker(let picker) = screen else {
            throw InputError("There is nothing to pick from; look an address up first: enter SLOT")
        }
        // A place another slot holds is refused with the picker still open: another row, or back.
        if let item = try picker.pick(row: row) {
            try entry.select(item, forSlotAt: picker.slotIndex)
            lastDirections = nil
            leftOut = nil
            onPlacePicked(item)
        }
        screen = .entry
    }

    /// Places to offer first in the picker (favourites, then recent ones); set by the shell
    /// from its planner store.
    public var preferredPlaces: () -> [PreferredPlace] = { [] }
    /// Told of every picked place (the shell remembers recent ones).
    public var onPlacePicked: (MapItem) -> Void = { _ in }

    // MARK: entry ⇄ directions

    /// `route`: computes the round trip and shows the directions; on an alert the entry stays.
    /// Stops with text but no place are left out and said so; the times start at the
    /// departure (`depart`, else now).
    public func route() async throws {
        try requireNoOpenPicker()
        await followMapClock()
        let departure = entry.departure.date(now: clock.currentDate())
        var trip = try entry.plannedTrip(leftOut: leftOut?.slots ?? [], leftOutNotes: leftOut?.notes ?? [],
                                         departure: departure, calendar: calendar)
        // `days N` splits the stops only as `optimize` orders them; a trip never optimized for
        // them is routed in one day, and says so.
        if entry.day.days > 1, leftOut == nil { trip.notices.append(Self.notSpreadNotice(days: entry.day.days)) }
        if let days = leftOut?.dayLengths, days.count > 1 {
            // The stops in order, without the trip's way back (each day has its own).
            let stops = trip.places.dropFirst().dropLast(entry.day.end == .start ? 1 : 0)
            let routes = try await TripDay.routeDays(places: [trip.places[0]] + stops, dayLengths: days, notices: trip.notices,
                                                     options: entry.day, departure: departure, calendar: calendar,
                                                     transportType: settings.transportType, avoid: settings.avoid,
                                                     using: directions, attribution: attribution)
            try Task.checkCancellation()
            guard let first = routes.first else { throw Alert.invalidTrip }
            lastDirections = first
            laterDays = Array(routes.dropFirst())
            screen = .directions(first)
            return
        }
        let result = try await DirectionsViewModel.calculate(trip: trip, departure: departure, calendar: calendar,
                                                             transportType: settings.transportType, avoid: settings.avoid,
                                                             using: directions, attribution: attribution)
        try Task.checkCancellation()
        lastDirections = result
        laterDays = []
        screen = .directions(result)
    }

    /// `optimize`: puts the stops in the order with the least travel for the day (inside their windows and
    /// opening hours, from the departure, to the trip's end) as an ordinary trip edit, and says
    /// what it saved; `route` then follows the new order and leaves out the stops that did not
    /// fit (until the trip is edited). No order for a trip that cannot be driven is
    /// `TripOrderError`. `isCancelled` (the shell's Ctrl-C while the planner searches; asked
    /// once the travel times are in) stops the search, which keeps its best plan so far
    /// (`stoppedEarly`), an edit like any other, so `route` shows it; the command's task
    /// cancelled before then changes nothing. `search` is `optimize seed N` / `budget SECONDS`.
    public func optimize(search: DayPlanOptions = DayPlanOptions(),
                         isCancelled: @escaping () -> Bool = { Task.isCancelled }) async throws -> TripOrderPlan {
        try requireNoOpenPicker()
        await followMapClock()
        let plan = try await TripOrderPlanner.plan(entry, transportType: settings.transportType, avoid: settings.avoid,
                                                   using: directions, departure: entry.departure.date(now: clock.currentDate()),
                                                   calendar: calendar, search: search, isCancelled: isCancelled)
        // Stopped by Ctrl-C while it searched, the best plan so far is kept: the one command
        // whose cancelled work still changes the trip, as it says ("Stopped early").
        if !plan.stoppedEarly { try Task.checkCancellation() }
        try applyEdit { try $0.reorderStops(plan.stopOrder) }
        let planned = (slots: Set(plan.leftOut.map { $0 + 1 }), notes: plan.notes, dayLengths: plan.dayLengths)
        // Kept over several days even when day 1 fits every stop: `route` then knows the trip
        // was spread over its days.
        let changesNothing = planned.slots.isEmpty && planned.notes.isEmpty && entry.day.days < 2
        leftOut = changesNothing ? nil : planned
        return plan
    }

    /// Said above a route over `days` days that no `optimize` has spread over them.
    static func notSpreadNotice(days: Int) -> String {
        "The stops are not spread over the \(days) days yet: optimize plans one route a day; this route visits them all in one day."
    }

    /// What the last `optimize` planned beyond the order, until the trip is edited: the slots it
    /// left out, its notes and, over several days, how many stops each day visits.
    public private(set) var leftOut: (slots: Set<Int>, notes: [String], dayLengths: [Int])?
    /// `days N`: the routes of the days after the first (the first is the directions shown).
    public private(set) var laterDays: [DirectionsViewModel] = []

    /// The directions on screen, else the ones kept after `back`.
    public var currentDirections: DirectionsViewModel? {
        if case .directions(let shown) = screen { return shown }
        return lastDirections
    }

    /// `back`: closes the picker (no change) or the directions (they are kept for map/export).
    public func back() throws {
        guard case .entry = screen else {
            screen = .entry
            return
        }
        throw InputError("Already at the trip entry.")
    }

    /// `type SLOT TEXT`. One rule while the picker is open: it is answered (`pick`, `back`)
    /// before the trip changes. The one exception is new text for the slot the picker is for:
    /// its rows were found for the old text, so they close unchosen (`enter` looks the new
    /// text up); another slot's text is refused like every other edit.
    public func type(_ text: String, inSlotAt index: Int, within area: MapArea? = nil) throws {
        if case .picker(let picker) = screen, picker.slotIndex == index { screen = .entry }
        try editTrip { try $0.type(text, inSlotAt: index, within: area) }
    }

    // MARK: the map's clock

    /// Times the trip on the map's clock (`mapCalendar`), when it says: at the first lookup or
    /// route, and when `use` chooses another map. A departure typed as a clock time keeps that
    /// clock time on the new clock; one opened from a saved trip stays the same instant.
    public func followMapClock() async {
        guard let mapCalendar, let newCalendar = await mapCalendar(),
              newCalendar.timeZone.identifier != calendar.timeZone.identifier else { return }
        if case .at(let date) = entry.departure, let typedZone = typedDepartureZone {
            let typedOn = LocalCalendar(timeZone: typedZone)
            entry.departure = .at(newCalendar.sameClockTime(as: date, on: typedOn))
            typedDepartureZone = newCalendar.timeZone
        }
        calendar = newCalendar
    }

    // MARK: editing the trip and settings

    /// Runs an edit of the trip. Not while choosing an address; from the directions it returns
    /// to the entry, since the directions no longer match the trip.
    public func editTrip(_ edit: (EntryViewModel) throws -> Void) throws {
        // A command abandoned with Ctrl-C never changes the trip, however late its work ends.
        try Task.checkCancellation()
        try applyEdit(edit)
    }

    /// The edit itself; `optimize` stopped by Ctrl-C applies its best plan so far through here.
    private func applyEdit(_ edit: (EntryViewModel) throws -> Void) throws {
        try requireNoOpenPicker()
        try edit(entry)
        lastDirections = nil
        leftOut = nil
        screen = .entry
    }

    /// `stops FILE`: the list's places become the trip's stops (the start stays), found by the
    /// same geocoder as `enter`, near the current location; nothing changes unless every line
    /// is found. The day's rules stay (`days`, `back by`, `wait`); an end at a stop goes back
    /// to the start, its stop being gone. Returns what to tell of the places taken: a line for
    /// each list line that matched several places alike (the first was taken).
    /// With `area` (the map's, once open), a LAT,LON line off it is refused with the others
    /// off it, each named by its line, as `type` refuses one: it could be ticked but never routed.
    @discardableResult
    public func loadStops(_ lines: [StopListLine], within area: MapArea? = nil) async throws -> [String] {
        try requireNoOpenPicker()
        // The start stays, so a line at its place would visit it twice.
        let start = entry.start.mapItem.map { [(name: "the start", coordinate: $0.coordinate)] } ?? []
        let found = try await StopListPlaces.resolve(lines, using: geocoder, near: location.currentLocation, besides: start)
        try Task.checkCancellation()
        if let area {
            let outside = zip(lines, found.slots).compactMap { line, slot -> (what: String, at: Coordinate)? in
                guard let point = slot.mapItem?.coordinate, !area.contains(point) else { return nil }
                return ("line \(line.line) (\(QuotedInput.text(line.query)))", point)
            }
            // One is a sentence of its own: "Line 1 (...) is outside ...".
            if outside.count == 1 { throw area.outsideAlert("L" + outside[0].what.dropFirst(), at: outside[0].at) }
            if !outside.isEmpty { throw area.outsideAlert(outside) }
        }
        try editTrip { entry in
            var day = entry.day
            if case .place = day.end { day.end = .start }
            try entry.load(slots: [entry.start] + found.slots, departure: entry.departure)
            entry.restoreDay(day)
        }
        return found.notices
    }

    /// `depart [DATE] HH:MM` / `depart now`, read on the wall clock's day.
    /// Returns a notice when the clock time asked for does not exist that day (the spring-forward
    /// gap): the departure is then the time the clocks show instead, and the user is told so.
    @discardableResult
    public func setDeparture(words: [String]) throws -> String? {
        let departure = try Departure.parse(words, now: clock.currentDate(), calendar: calendar)
        try editTrip { $0.departure = departure }
        typedDepartureZone = calendar.timeZone
        return Departure.gapNotice(words, departure: departure, calendar: calendar)
    }

    /// `locate`: the current position's address goes into the start slot with ✓.
    @discardableResult
    public func locate() async throws -> LocationViewModel.Located {
        try requireNoOpenPicker()
        let located = try await location.locate(using: geocoder)
        try Task.checkCancellation()
        try entry.select(located.item, forSlotAt: 0)
        lastDirections = nil
        leftOut = nil
        screen = .entry
        return located
    }

    /// `mode car|walk|bike`: directions for the other mode are stale, so they close.
    public func setTransportType(_ type: TransportType) {
        if type != settings.transportType { lastDirections = nil; leftOut = nil }
        settings.transportType = type
        if case .directions = screen { screen = .entry }
    }

    /// `avoid CLASS...` / `avoid none`: directions that did not avoid the same roads are stale.
    public func setAvoidance(_ avoid: RoadAvoidance) {
        if avoid != settings.avoid { lastDirections = nil; leftOut = nil }
        settings.avoid = avoid
        if case .directions = screen { screen = .entry }
    }

    /// A whole trip replaces the one being planned (`open NAME`): places, stays, departure, mode
    /// and units.
    public func load(slots: [EntrySlot], departure: Departure, settings newSettings: TripSettings) throws {
        // `open` of a large file may end after Ctrl-C and "Cancelled.": then it loads nothing.
        try Task.checkCancellation()
        try requireNoOpenPicker()
        try entry.load(slots: slots, departure: departure)
        typedDepartureZone = nil
        settings = newSettings
        lastDirections = nil
        leftOut = nil
        screen = .entry
    }

    /// `units mi|km`: only the display changes; the screen stays.
    public func setDistanceUnit(_ unit: DistanceUnit) {
        settings.distanceUnit = unit
    }

    /// Refuses a command while the address picker waits for an answer, saying how to answer it.
    /// Every command that changes the trip, routes it or saves it asks this first.
    public func requireNoOpenPicker() throws {
        if case .picker(let picker) = screen {
            throw InputError("Choose an address first: pick 1-\(picker.rows.count), or back.")
        }
    }
}
