import Foundation

/// One place of a routed trip: the chosen place, how long the trip stays there, and what the
/// user calls it (`the start`, `Stop 2`).
public struct TripPlace: Equatable, Sendable {
    public var item: MapItem
    public var stay: TimeInterval
    public var label: String
    /// When the user wants it visited (`window SLOT`), on the departure's day; none: any time.
    public var windows: [VisitWindow]
    public var priority: StopPriority

    public init(item: MapItem, stay: TimeInterval = 0, label: String, windows: [VisitWindow] = [],
                priority: StopPriority = .normal) {
        self.item = item
        self.stay = stay
        self.label = label
        self.windows = windows
        self.priority = priority
    }

    /// What a trip's place `index` (0-based, in the order given) is called in messages: `the
    /// start`, then `Stop 1`, `Stop 2`, as the shell's slots are numbered. The one naming every
    /// front end uses (`routeit route`, `routeit serve`), so one request gets the same words.
    public static func label(forPlaceAt index: Int) -> String {
        index == 0 ? "the start" : EntryViewModel.label(forSlotAt: index)
    }

    /// `Stop 2 (Annankatu 25, 00100 Helsinki)`: for sentences that name a leg.
    public var described: String { "\(label) (\(item.placemark.formattedAddress))" }
}

/// What `route` will visit: the start, the stops with a place, the trip's end (the start again,
/// a stop, or none); notices for the stops left out; and, per place, the spans its visit must
/// fit in, which the trip's clock waits for when `waits`.
public struct PlannedTrip: Equatable, Sendable {
    public var places: [TripPlace]
    public var notices: [String]
    /// Per place: when a visit may be (its windows and opening hours together); nil or
    /// missing: any time.
    public var visitSpans: [[ClosedRange<Date>]?]
    /// Arriving before a span opens waits for it (`wait on`).
    public var waits: Bool
    /// The latest the trip should be over (`back by`); nil: no end of day.
    public var endOfDay: Date?

    public init(places: [TripPlace], notices: [String] = [], visitSpans: [[ClosedRange<Date>]?] = [], waits: Bool = false,
                endOfDay: Date? = nil) {
        self.places = places
        self.notices = notices
        self.visitSpans = visitSpans
        self.waits = waits
        self.endOfDay = endOfDay
    }
}
