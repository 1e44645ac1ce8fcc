import RouteItCore

/// The directions, per leg: `SEGMENT #n`, `Starting point:`, `Depart 10:05`, numbered steps
/// with distances, `Ending point:`, `Distance:`, `Expected Travel Time:`, `Arrive 10:42` (and
/// the planned stay, and `! ...` when the place is closed then); then `Total Time:`,
/// `Total Waiting:` (for windows), `Back at 12:05` (`Ends at` when the trip ends elsewhere) and
/// the map data credit. Stops left out are said first, then the places moved to reach a road
/// (`Note: the start was moved 120 m to the nearest road the route can use.`).
public enum DirectionsScreen {
    public static func render(_ directions: DirectionsViewModel, unit: DistanceUnit, style: TextStyle = .plain) -> String {
        var lines: [String] = directions.notices.map { AlertScreen.render(Alert($0), style: style) }
        lines += directions.movedEnds.map { $0.note(unit: unit) }
        if !lines.isEmpty { lines.append("") }
        let schedule = directions.schedule
        let calendar = directions.calendar
        for (index, leg) in directions.legs.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.bold("SEGMENT #\(index + 1)"))
            lines.append("Starting point: \(leg.source.placemark.formattedAddress)")
            if let schedule {
                lines.append("Depart \(calendar.clockText(schedule.legs[index].departure, since: schedule.departure))")
            }
            for (stepIndex, step) in leg.route.steps.enumerated() {
                lines.append("\(stepIndex + 1). \(step.instruction) - \(unit.format(metres: step.distance))")
            }
            lines.append("Ending point: \(leg.destination.placemark.formattedAddress)")
            lines.append("Distance: \(unit.format(metres: leg.route.distance))")
            lines.append("Expected Travel Time: \(TravelTimeFormatter.string(from: leg.route.expectedTravelTime))")
            if let schedule {
                let leg = schedule.legs[index]
                var arrive = "Arrive \(calendar.clockText(leg.arrival, since: schedule.departure))"
                if leg.waiting > 0 {
                    arrive += ", wait \(TravelTimeFormatter.string(from: leg.waiting)) until \(calendar.clockText(leg.visitStart, since: schedule.departure))"
                }
                let visitsLast = !directions.isRoundTrip
                if index + 1 < directions.legs.count || visitsLast, index + 1 < directions.places.count, directions.places[index + 1].stay > 0 {
                    arrive += ", stay \(StayDuration.text(directions.places[index + 1].stay))"
                }
                lines.append(arrive)
            }
            for warning in directions.warnings[index] {
                lines.append(AlertScreen.render(Alert(warning), style: style))
            }
        }
        lines.append("")
        lines.append("Total Distance: \(unit.format(metres: directions.totalDistance))")
        lines.append(style.bold("Total Time: \(TravelTimeFormatter.string(from: directions.totalTravelTime))"))
        if let schedule {
            if schedule.waiting > 0 { lines.append("Total Waiting: \(TravelTimeFormatter.string(from: schedule.waiting))") }
            let end = directions.isRoundTrip ? "Back at" : "Ends at"
            lines.append("\(end) \(calendar.clockText(directions.endTime ?? schedule.back, since: schedule.departure))")
        }
        for note in directions.tripNotes {
            lines.append(AlertScreen.render(Alert(note), style: style))
        }
        if let attribution = directions.attribution {
            lines.append(style.dim(attribution))
        }
        return lines.joined(separator: "\n")
    }

    /// `days N`: each day's directions under `DAY 2 OF 3 (2026-12-07)`.
    public static func render(days: [DirectionsViewModel], unit: DistanceUnit, style: TextStyle = .plain) -> String {
        days.enumerated().map { index, directions in
            let date = directions.schedule.map { " (\(directions.calendar.dateText($0.departure)))" } ?? ""
            return style.bold("DAY \(index + 1) OF \(days.count)") + date + "\n" + render(directions, unit: unit, style: style)
        }.joined(separator: "\n\n")
    }
}
