import Foundation
import RouteItCore

/// What an export says about the day besides the roads: when each leg leaves and arrives, the
/// stays, the departure, mode and units, and each stop's place in full, so that RouteIt can read
/// its own export back into a trip (`open trip.gpx`).
public struct TripExportPlan: Sendable {
    /// Per stop (the start first): the place as picked, with its stay.
    public var places: [TripPlace]
    /// Per leg.
    public var legDepartures: [Date]
    public var legArrivals: [Date]
    public var departure: Departure
    public var transportType: TransportType
    public var distanceUnit: DistanceUnit
    public var timeZone: TimeZone

    public init(places: [TripPlace], legDepartures: [Date], legArrivals: [Date], departure: Departure,
                transportType: TransportType, distanceUnit: DistanceUnit, timeZone: TimeZone) {
        self.places = places
        self.legDepartures = legDepartures
        self.legArrivals = legArrivals
        self.departure = departure
        self.transportType = transportType
        self.distanceUnit = distanceUnit
        self.timeZone = timeZone
    }

    /// From routed directions (with their schedule) and the trip's settings.
    public init?(directions: DirectionsViewModel, departure: Departure, settings: TripSettings) {
        guard let schedule = directions.schedule else { return nil }
        self.init(places: Array(directions.places.dropLast()), legDepartures: schedule.legs.map(\.departure),
                  legArrivals: schedule.legs.map(\.arrival), departure: departure,
                  transportType: settings.transportType, distanceUnit: settings.distanceUnit,
                  timeZone: directions.calendar.timeZone)
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
        return (try? encoder.encode(placemark)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
