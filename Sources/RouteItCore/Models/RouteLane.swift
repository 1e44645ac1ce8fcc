/// One lane of the road arriving at a junction, as OSRM's `lanes` gives it: its `turn:lanes`
/// indications ("left", "straight", ...) and whether it leads onto the road the route takes.
public struct RouteLane: Hashable, Codable, Sendable {
    public var indications: [String]
    public var valid: Bool

    public init(indications: [String], valid: Bool) {
        self.indications = indications
        self.valid = valid
    }
}
