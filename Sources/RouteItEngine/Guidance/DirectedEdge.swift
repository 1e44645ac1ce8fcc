/// An edge of the road network taken in one direction: a leg of a route, or a way leaving a
/// junction (`ManeuverBuilder.Branch`). The guidance compares the two often: is the way a rule
/// calls obvious the one the route takes?
protocol DirectedEdge {
    var edge: Int { get }
    var forward: Bool { get }
}

extension DirectedEdge {
    /// Along the same edge in the same direction: the same way out of a junction.
    func goesSameWay(as other: some DirectedEdge) -> Bool {
        edge == other.edge && forward == other.forward
    }

    /// Along the same edge in the opposite direction: back the way `other` came.
    func goesBack(along other: some DirectedEdge) -> Bool {
        edge == other.edge && forward != other.forward
    }
}

extension RouteLeg: DirectedEdge {}
extension ManeuverBuilder.Branch: DirectedEdge {}
