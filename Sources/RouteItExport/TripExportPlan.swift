import Foundation
import RouteItCore

/// What an export says about the day besides the roads: when each leg leaves and arrives, the
/// stays, windows and priorities, the departure, mode and units, the day (wait, back by, end,
/// days) and each stop's place in full, so that RouteIt can read its own export back into a
/// trip (`open trip.gpx`).
public struct TripExportPlan: Sendable {
    /// Per stop, each place once in visiting order (the start first, no return to it): the place
    /// as picked, with its stay, windows and priority.
    public var places: [TripPlace]
    /// Per leg.
    public var legDepartures: [Date]
    public var legArrivals: [Date]
    public var departure: Departure
    public var transportType: TransportType
    public var distanceUnit: DistanceUnit
    public var timeZone: TimeZone
    /// Waiting, back by, days, and the end as the file's stops have it: `.start` (a round trip),
    /// `.place(places.count - 1)` (the last stop) or `.anywhere`.
    public var day: DayOptions
    /// Stops of the trip with a place that this route does not visit (left out by `optimize`,
    /// or on a later day): the file cannot rebuild them, and `open` says so.
    public var unroutedStops: Int

    public init(places: [TripPlace], legDepartures: [Date], legArrivals: [Date], departure: Departure,
                transportType: TransportType, distanceUnit: DistanceUnit, timeZone: TimeZone,
                day: DayOptions = DayOptions(), unroutedStops: Int = 0) {
        self.places = places
        self.legDepartures = legDepartures
        self.legArrivals = legArrivals
        self.departure = departure
        self.transportType = transportType
        self.distanceUnit = distanceUnit
        self.timeZone = timeZone
        self.day = day
        self.unroutedStops = unroutedStops
    }

    /// From routed directions (with their schedule), the trip entry they were routed from and
    /// the trip's settings.
    public init?(directions: DirectionsViewModel, entry: EntryViewModel, settings: TripSettings) {
        guard let schedule = directions.schedule else { return nil }
        // A round trip's last place is the start again; a trip that ends elsewhere ends at a stop.
        var places = directions.isRoundTrip ? Array(directions.places.dropLast()) : directions.places
        // Each routed stop's own slot: routing drops the stay and windows of a stop the trip
        // ends at (it is arrived at, not visited), but the trip keeps them.
        var unmatched = Array(entry.slots.indices.dropFirst().filter { entry.slots[$0].isSelected })
        for index in places.indices.dropFirst() {
            guard let k = unmatched.firstIndex(where: { entry.slots[$0].mapItem == places[index].item }) else { continue }
            let slot = entry.slots[unmatched.remove(at: k)]
            places[index].stay = slot.stay
            places[index].windows = slot.windows
        }
        var day = entry.day
        day.end = directions.isRoundTrip ? .start : day.end == .anywhere ? .anywhere : .place(places.count - 1)
        self.init(places: places, legDepartures: schedule.legs.map(\.departure),
                  legArrivals: schedule.legs.map(\.arrival), departure: entry.departure,
                  transportType: settings.transportType, distanceUnit: settings.distanceUnit,
                  timeZone: directions.calendar.timeZone, day: day, unroutedStops: unmatched.count)
    }

    /// `2026-12-03T10:05:00+02:00`.
    public func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// When the trip is at stop `index`: it arrives (the start: it leaves) then.
    public func arrival(atStop index: Int) -> Date? {
        if index == 0 { return legDepartures.first }
        return index - 1 < legArrivals.count ? legArrivals[index - 1] : nil
    }

    /// The placemark as JSON (sorted keys): how the exports carry a place in full.
    public static func placemarkJSON(_ placemark: Placemark) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Cleaned as the screen shows it, as the rest of the file is (see `XMLText`).
        return (try? encoder.encode(placemark.terminalSafe)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
