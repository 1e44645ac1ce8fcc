import Foundation
import RouteItCore

/// How a trip's settings are spelled in RouteIt's GPX extension attributes and GeoJSON
/// properties, written and read back. Reading checks every value: a file that says something
/// RouteIt cannot use is refused with the field named, never read as a default.
enum TripFileFields {
    /// A value the file holds that RouteIt cannot use: the sentence, without the file's name.
    struct Problem: Error, Equatable {
        var text: String
    }

    // MARK: writing

    static func departure(_ departure: Departure, in plan: TripExportPlan) -> String {
        switch departure {
        case .now: return "now"
        case .at(let date): return plan.timestamp(date)
        }
    }

    /// `start` (a round trip), `last` (at the last stop in the file) or `anywhere`.
    static func end(_ end: TripEndChoice) -> String {
        switch end {
        case .start: return "start"
        case .place: return "last"
        case .anywhere: return "anywhere"
        }
    }

    static func backBy(_ minutes: Int) -> String { VisitWindow.clockText(minutes) }

    static func windows(_ windows: [VisitWindow]) -> String { windows.map(\.description).joined(separator: ",") }

    /// The trip-wide settings as name/value pairs (in the order written); `unrouted` only when
    /// some stops of the trip are not in the file.
    static func tripValues(_ plan: TripExportPlan) -> [(String, String)] {
        var values = [("mode", plan.transportType.rawValue), ("units", plan.distanceUnit.rawValue),
                      ("departure", departure(plan.departure, in: plan)), ("end", end(plan.day.end)),
                      ("wait", plan.day.waits ? "on" : "off"), ("days", String(plan.day.days))]
        if let minutes = plan.day.backBy { values.append(("backBy", backBy(minutes))) }
        if plan.unroutedStops > 0 { values.append(("unrouted", String(plan.unroutedStops))) }
        return values
    }

    // MARK: reading

    /// The trip-wide settings from `values` (missing ones: the defaults; a file from before
    /// they were written has none). `stopCount` is the slots read, the start included.
    static func trip(_ values: [String: String], slotCount: Int) throws -> (departure: Departure, transportType: TransportType?,
                                                                           distanceUnit: DistanceUnit?, day: DayOptions, unrouted: Int) {
        let transportType = try values["mode"].map { text in
            try TransportType(rawValue: text).orProblem("its mode \(QuotedInput.text(text)) is not car, walk or bike")
        }
        let distanceUnit = try values["units"].map { text in
            try DistanceUnit(rawValue: text).orProblem("its units \(QuotedInput.text(text)) are not mi or km")
        }
        var day = DayOptions()
        if let text = values["end"] {
            switch text {
            case "start": day.end = .start
            case "last": day.end = .place(slotCount - 1)
            case "anywhere": day.end = .anywhere
            default: throw Problem(text: "its end \(QuotedInput.text(text)) is not start, last or anywhere")
            }
        }
        if let text = values["wait"] {
            guard text == "on" || text == "off" else { throw Problem(text: "its wait \(QuotedInput.text(text)) is not on or off") }
            day.waits = text == "on"
        }
        if let text = values["days"] {
            day.days = try (try? DayOptions.parseDays(text)).orProblem("its days \(QuotedInput.text(text)) is not 1 to \(DayOptions.maxDays)")
        }
        if let text = values["backBy"] {
            day.backBy = try (try? DayOptions.parseBackBy(text)).orProblem("its back by \(QuotedInput.text(text)) is not a time of day (HH:MM)")
        }
        let unrouted = try values["unrouted"].map { text in
            try Int(text).flatMap { $0 >= 0 ? $0 : nil }.orProblem("its unrouted \(QuotedInput.text(text)) is not a number of stops")
        } ?? 0
        return (try departure(values["departure"]), transportType, distanceUnit, day, unrouted)
    }

    /// The trip a file holds: its stops each once (`distinctPlaces`: a last stop back at the
    /// start is the way back) and the trip's own `values` (`trip`), as every reader ends.
    static func importedTrip(_ slots: [EntrySlot], values: [String: String], stop: (Int) -> String) throws -> ImportedTrip {
        let places = try distinctPlaces(slots, stop: stop)
        var fields = try trip(values, slotCount: places.slots.count)
        if places.returnsToStart { fields.day.end = .start }
        return ImportedTrip(slots: places.slots, departure: fields.departure, transportType: fields.transportType,
                            distanceUnit: fields.distanceUnit, day: fields.day, unroutedStops: fields.unrouted)
    }

    /// The stops read (the start first), each place once (`PlaceKey`): a last stop at the start's
    /// place is the way back to it, as other writers put a round trip, and reads as the end at
    /// the start; any other repeat is refused. `stop` names the stop at an index (`waypoint 3`).
    static func distinctPlaces(_ slots: [EntrySlot], stop: (Int) -> String) throws -> (slots: [EntrySlot], returnsToStart: Bool) {
        // Every stop read has a place (its waypoint's position at least).
        var coordinates = slots.compactMap { $0.mapItem?.coordinate }, slots = slots
        let returnsToStart = PlaceKey.returnsToStart(coordinates)
        if returnsToStart {
            slots.removeLast()
            coordinates.removeLast()
        }
        if let (earlier, later) = PlaceKey.firstRepeat(in: coordinates) {
            throw Problem(text: "\(stop(later)) is the same place as \(stop(earlier)) (\(slots[earlier].text)) and a trip visits each place once")
        }
        return (slots, returnsToStart)
    }

    /// `now` (or none), or a date and time with its offset in the years `depart` takes.
    static func departure(_ text: String?) throws -> Departure {
        guard let text, text != "now" else { return .now }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text), Departure.isPlausible(date) else {
            throw Problem(text: "its departure \(QuotedInput.text(text)) is not a date and time from \(Departure.years.lowerBound) to \(Departure.years.upperBound)")
        }
        return .at(date)
    }

    /// A stop's stay in whole seconds, 0 to a day.
    static func stay(_ text: String, stop: String) throws -> TimeInterval {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let seconds = Int(trimmed), seconds >= 0, TimeInterval(seconds) <= StayDuration.maximum else {
            throw Problem(text: "\(stop) has a stay of \(QuotedInput.text(trimmed)); a stay is 0 to \(Int(StayDuration.maximum)) seconds")
        }
        return TimeInterval(seconds)
    }

    static func windows(_ text: String, stop: String) throws -> [VisitWindow] {
        try (try? VisitWindow.parseList(text)).orProblem("\(stop) has a window \(QuotedInput.text(text)); windows are HH:MM-HH:MM, several with commas")
    }

    static func priority(_ text: String, stop: String) throws -> StopPriority {
        try StopPriority(rawValue: text).orProblem("\(stop) has a priority \(QuotedInput.text(text)); a priority is high, normal or low")
    }

    /// The place as RouteIt exported it (JSON).
    static func placemark(_ json: Data, stop: String) throws -> Placemark {
        guard let placemark = try? JSONDecoder().decode(Placemark.self, from: json) else {
            throw Problem(text: "\(stop) has a damaged place (not the JSON RouteIt writes)")
        }
        return placemark
    }

    static func position(latitude: Double?, longitude: Double?, stop: String, said: String) throws -> Coordinate {
        let coordinate = Coordinate(latitude: latitude ?? .nan, longitude: longitude ?? .nan)
        guard coordinate.isValid else {
            throw Problem(text: "\(stop) has no valid position (\(said)); latitude is -90 to 90, longitude -180 to 180")
        }
        // 0,0 in the open sea is where programs put a place they have no position for (Google
        // Takeout's saved places without a location): no map has it, so it is said here.
        guard coordinate.latitude != 0 || coordinate.longitude != 0 else {
            throw Problem(text: "\(stop) is at 0,0 (\(said)), where programs put a place they have no position for; remove it or give it its position")
        }
        return coordinate
    }
}

extension Optional {
    /// The value, or the problem `text`.
    fileprivate func orProblem(_ text: String) throws -> Wrapped {
        guard let self else { throw TripFileFields.Problem(text: text) }
        return self
    }
}
