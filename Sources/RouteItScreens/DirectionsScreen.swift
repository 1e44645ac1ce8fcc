import RouteItCore

/// The directions, per leg: `SEGMENT #n`, `Starting point:`, numbered steps with distances,
/// `Ending point:`, `Distance:`, `Expected Travel Time:`; then `Total Time:` and the map data credit.
public enum DirectionsScreen {
    public static func render(_ directions: DirectionsViewModel, unit: DistanceUnit, style: TextStyle = .plain) -> String {
        var lines: [String] = []
        for (index, leg) in directions.legs.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.bold("SEGMENT #\(index + 1)"))
            lines.append("Starting point: \(leg.source.placemark.formattedAddress)")
            for (stepIndex, step) in leg.route.steps.enumerated() {
                lines.append("\(stepIndex + 1). \(step.instruction) - \(unit.format(metres: step.distance))")
            }
            lines.append("Ending point: \(leg.destination.placemark.formattedAddress)")
            lines.append("Distance: \(unit.format(metres: leg.route.distance))")
            lines.append("Expected Travel Time: \(TravelTimeFormatter.string(from: leg.route.expectedTravelTime))")
        }
        lines.append("")
        lines.append("Total Distance: \(unit.format(metres: directions.totalDistance))")
        lines.append(style.bold("Total Time: \(TravelTimeFormatter.string(from: directions.totalTravelTime))"))
        if let attribution = directions.attribution {
            lines.append(style.dim(attribution))
        }
        return lines.joined(separator: "\n")
    }
}
