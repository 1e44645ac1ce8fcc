/// What of a route is wanted beyond its line, length, time and street names: a router leaves
/// out the work for what is not (building the steps was most of the work of a route that a
/// client such as OSRM's `steps=false` never reads).
public struct RouteDetail: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The turn-by-turn steps (`Route.steps`).
    public static let steps = RouteDetail(rawValue: 1)
    /// The OSM node of each point of the line (`Route.osmNodes`, OSRM's `annotations=nodes`).
    public static let osmNodes = RouteDetail(rawValue: 2)
    /// The junctions passed (`Route.intersections`, OSRM's step `intersections`).
    public static let intersections = RouteDetail(rawValue: 4)
}
