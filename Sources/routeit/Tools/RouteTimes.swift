import Foundation
import RouteItCore

/// The clock side of `routeit route`: when each leg leaves and arrives (after the stay at the
/// place it leaves), and the places the route reaches while they are closed. The same rules as
/// the shell's directions (`TripSchedule`, `VisitCheck`), for a route that ends where it ends.
struct RouteTimes {
    let calendar: LocalCalendar
    let schedule: TripSchedule
    /// `Kamppi is closed at 21:10 (opens 10:00 tomorrow).`, per place reached, in order.
    let alerts: [String]
    /// One formatter for every time the route prints (making one loads its time zone rules).
    private let iso8601 = ISO8601DateFormatter()

    init(legs: [Route], waypoints: [OSRMRouteJSON.Waypoint], departure: Date, calendar: LocalCalendar) {
        self.calendar = calendar
        iso8601.timeZone = calendar.timeZone
        let schedule = TripSchedule(departure: departure, travelTimes: legs.map(\.expectedTravelTime),
                                    stays: waypoints.map(\.stay))
        self.schedule = schedule
        alerts = schedule.legs.indices.compactMap { i in
            guard i + 1 < waypoints.count else { return nil }
            let place = TripPlace(item: waypoints[i + 1].item, stay: waypoints[i + 1].stay, label: "Place \(i + 2)")
            return VisitCheck.warning(for: place, arrival: schedule.legs[i].arrival, calendar: calendar)
        }
    }

    /// `depart 10:00, arrive 10:42` for leg `index` (a later day is marked `(+1 day)`).
    func text(leg index: Int) -> String {
        let leg = schedule.legs[index]
        return "depart \(calendar.clockText(leg.departure, since: schedule.departure)), arrive \(calendar.clockText(leg.arrival, since: schedule.departure))"
    }

    /// ISO 8601 with the local offset (`2026-12-03T10:42:00+02:00`), as scripts parse it.
    func timestamp(_ date: Date) -> String { iso8601.string(from: date) }

    /// What `--stay` gave, one per place after the first: none (0), one for all, or one each.
    static func stays(_ given: [TimeInterval], places: Int) throws -> [TimeInterval] {
        let after = max(0, places - 1)
        switch given.count {
        case 0: return Array(repeating: 0, count: places)
        case 1: return [0] + Array(repeating: given[0], count: after)
        case after: return [0] + given
        default:
            throw RouteTool.Failure(code: "InvalidValue",
                                    message: "--stay has \(given.count) durations for \(after) place\(after == 1 ? "" : "s") after the first; give one for all, or one per place",
                                    exitStatus: 2)
        }
    }
}
