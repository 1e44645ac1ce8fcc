import Foundation

/// The day's rules for a trip's places, shared by the planner and the directions so both front
/// ends plan and time a trip alike: when each place may be visited (its windows and opening
/// hours together, on the departure's day) and the trip that visits them up to its end.
public enum TripDay {
    /// When a visit to `place` may be on the day's trip: its opening hours and its windows (each
    /// on the day `day` says: past midnight, the next day's), intersected when it has both; nil:
    /// any time; empty: never.
    public static func visitSpans(for place: TripPlace, on day: WindowDay) -> [ClosedRange<Date>]? {
        var spans = openSpans(of: place, on: day)
        if !place.windows.isEmpty {
            // A window's last minute is in it, as the screen shows times (and `VisitCheck` judges
            // a route): 09:00-10:01 takes a visit over at 10:01:58.
            let wanted = place.windows.map { window in
                let span = day.span(window)
                return span.lowerBound...(span.upperBound + VisitCheck.lastMinute)
            }
            spans = spans.map { intersection($0, wanted) } ?? wanted.sorted { $0.lowerBound < $1.lowerBound }
        }
        return spans
    }

    /// When `place` is open for the day's trip (nil: hours not known): every opening that starts
    /// on the departure's day, whole, so one that runs past midnight (`12:00-01:00`, or on into
    /// the next day's own hours) holds until it really closes, as `VisitCheck` judges a visit;
    /// and one that starts after midnight while the trip is still out (`day.outUntil`: a back by
    /// that is `+1 day`, or a plan out that late), as a window past midnight is. A later
    /// opening is another day's, which the trip does not wait for.
    public static func openSpans(of place: TripPlace, on day: WindowDay) -> [ClosedRange<Date>]? {
        guard let hours = place.item.openingHours, hours.isKnown else { return nil }
        let calendar = day.calendar
        let startsBefore = max(calendar.day(1, after: day.departure), day.outUntil ?? .distantPast)
        // A day past the last start: an opening merges with what follows it past midnight.
        return hours.openSpans(from: day.departure, to: calendar.day(1, after: startsBefore), in: calendar).compactMap { span in
            let from = Date(timeIntervalSinceReferenceDate: span.lowerBound)
            let to = Date(timeIntervalSinceReferenceDate: span.upperBound)
            return from < to && from < startsBefore ? from...to : nil
        }
    }

    /// `items` (the start first, then the stops in visiting order) as the trip goes: back to
    /// the start, on to `items[k]` (moved last), or no further.
    public static func arranged<T>(_ items: [T], end: TripEndChoice) throws -> [T] {
        guard let start = items.first else { return items }
        var visited = items
        switch end {
        case .start:
            visited.append(start)
        case .anywhere:
            break
        case .place(let k):
            guard visited.indices.contains(k), k > 0 else {
                throw InputError("The trip cannot end at place \(k + 1); it has places 1-\(items.count).")
            }
            visited.append(visited.remove(at: k))
        }
        return visited
    }

    static func intersection(_ a: [ClosedRange<Date>], _ b: [ClosedRange<Date>]) -> [ClosedRange<Date>] {
        var result: [ClosedRange<Date>] = []
        for x in a { for y in b {
            let from = max(x.lowerBound, y.lowerBound), to = min(x.upperBound, y.upperBound)
            if from < to { result.append(from...to) }
        } }
        return result.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The trip to route: `places` are the start and the stops in visiting order; the trip ends
    /// back at the start, at `places[k]` (moved last), or after the last stop. The clock waits
    /// for each stop's spans when `options.waits` (the end is arrived at, not visited). A
    /// `back by` that is the next day's is said first (`saysNextDayBackBy`).
    public static func plannedTrip(places: [TripPlace], notices: [String], options: DayOptions,
                                   departure: Date?, calendar: LocalCalendar, saysNextDayBackBy: Bool = true) throws -> PlannedTrip {
        guard places.count >= 2 else { throw Alert.invalidTrip }
        var visited = try arranged(places, end: options.end)
        var notices = notices
        // A stop the trip ends at is arrived at, not visited: no stay there, and no window; said
        // when the user gave it either, so the entry's "(stay 20m)" is not silently dropped.
        if case .place = options.end, let end = visited.last {
            if let note = endStopNote(end) { notices.append(note) }
            visited[visited.count - 1].stay = 0
            visited[visited.count - 1].windows = []
        }
        // The last place is visited only when the trip ends there: not when it is back at the
        // start (written out, as the tools take a round trip), which the clock never waits to open.
        let endsAtAStop = options.end == .anywhere && !PlaceKey.returnsToStart(visited.map(\.item.coordinate))
        let windowDay = departure.map { WindowDay(departure: $0, day: options, calendar: calendar) }
        let visitedIndices = visited.indices.filter { index in index > 0 && (index < visited.count - 1 || endsAtAStop) }
        let spans: [[ClosedRange<Date>]?] = visited.indices.map { index in
            guard let windowDay, visitedIndices.contains(index) else { return nil }
            return visitSpans(for: visited[index], on: windowDay)
        }
        let endOfDay = departure.flatMap { options.endOfDay(departure: $0, calendar: calendar) }
        // Said once: over several days on the first day's route only (whose notices may be a
        // whole trip's, which said it already).
        let backByNote = departure.flatMap { options.nextDayBackByNote(departure: $0, calendar: calendar) }
        if saysNextDayBackBy, let backByNote, !notices.contains(backByNote) {
            notices.insert(backByNote, at: 0)
        }
        // Next to it: the day's own stops (said once a day over `days N`).
        if let note = windowDay?.nextDayNote(for: visitedIndices.map { visited[$0] }), !notices.contains(note) {
            notices.insert(note, at: notices.first == backByNote && backByNote != nil ? 1 : 0)
        }
        return PlannedTrip(places: visited, notices: notices, visitSpans: spans, waits: options.waits, endOfDay: endOfDay)
    }

    /// Said of the stop a trip ends at when it has a stay or windows, which it does not keep.
    static func endStopNote(_ end: TripPlace) -> String? {
        let kept = [end.stay > 0 ? "its stay (\(StayDuration.text(end.stay)))" : nil,
                    end.windows.isEmpty ? nil : "its window \(end.windows.map(\.description).joined(separator: ", "))"].compactMap { $0 }
        guard !kept.isEmpty else { return nil }
        return "\(end.label) (\(end.item.shortName)) is where the trip ends: it is arrived at, not visited, so \(kept.joined(separator: " and ")) \(kept.count == 1 ? "is" : "are") not planned; end start or end anywhere keeps \(kept.count == 1 ? "it" : "them")."
    }

    /// `days N`: one route per day. `places` are the start and the stops in visiting order,
    /// `dayLengths` how many of them each day visits (a day without stops has no route); each
    /// day leaves at the departure's time of day. `notices` are said on the first route.
    public static func routeDays(places: [TripPlace], dayLengths: [Int], notices: [String], options: DayOptions,
                                 departure: Date, calendar: LocalCalendar, transportType: TransportType,
                                 avoid: RoadAvoidance, using directions: any Directions,
                                 attribution: String?, detail: RouteDetail = .steps) async throws -> [DirectionsViewModel] {
        guard let start = places.first else { throw Alert.invalidTrip }
        var stops = places.dropFirst()[...], routes: [DirectionsViewModel] = []
        for (index, length) in dayLengths.enumerated() where length > 0 {
            let leaves = DayOptions.departure(ofDay: index, from: departure, calendar: calendar)
            let trip = try plannedTrip(places: [start] + stops.prefix(length), notices: routes.isEmpty ? notices : [],
                                       options: options, departure: leaves, calendar: calendar,
                                       saysNextDayBackBy: routes.isEmpty)
            stops = stops.dropFirst(length)
            routes.append(try await DirectionsViewModel.calculate(trip: trip, departure: leaves, calendar: calendar,
                                                                  transportType: transportType, avoid: avoid,
                                                                  using: directions, attribution: attribution,
                                                                  detail: detail))
        }
        return routes
    }
}
