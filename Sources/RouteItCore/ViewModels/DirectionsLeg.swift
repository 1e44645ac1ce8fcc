/// One segment of the trip: from one stop to the next, by the quickest route offered.
public struct DirectionsLeg: Equatable, Sendable {
    public var source: MapItem
    public var destination: MapItem
    public var route: Route

    public init(source: MapItem, destination: MapItem, route: Route) {
        self.source = source
        self.destination = destination
        self.route = route
    }
}
