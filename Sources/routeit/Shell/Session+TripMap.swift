import RouteItCore
import RouteItScreens

/// The terminal map of the routed trip, for `map` and above the directions.
extension Session {
    /// The directions on screen (or kept after `back`), or the error telling the user how to get some.
    func shownDirections(for action: String) throws -> DirectionsViewModel {
        guard let directions = flow.currentDirections else {
            throw InputError("There are no directions to \(action); compute them first: route")
        }
        return directions
    }

    /// The trip drawn at `size`, roads from the active map's backdrop (none without a map).
    func renderTripMap(_ directions: DirectionsViewModel, size: TerminalSize) -> String {
        let trip = TripMapScreen.trip(directions)
        let roads = TripMapScreen.projection(stops: trip.stops, legs: trip.legs, width: size.columns, height: size.rows,
                                             unit: flow.settings.distanceUnit)
            .map { services.roads(in: $0.visibleBox) } ?? []
        return TripMapScreen.render(stops: trip.stops, legs: trip.legs, roads: roads, width: size.columns, height: size.rows,
                                    unit: flow.settings.distanceUnit, color: style.usesColour)
    }

    /// The map to show above the directions: only on a real terminal that is tall enough (so
    /// pipes and `.flow` transcripts keep the plain directions; `map` draws it on demand).
    func tripMapAboveDirections(_ directions: DirectionsViewModel) -> String? {
        guard let terminal = TerminalSize.ofTerminal(),
              let size = TripMapScreen.sizeAboveDirections(columns: terminal.columns, rows: terminal.rows) else { return nil }
        return renderTripMap(directions, size: TerminalSize(columns: size.columns, rows: size.rows))
    }
}
