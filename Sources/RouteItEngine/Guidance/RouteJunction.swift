import RouteItCore

/// A route's legs as guidance reads them: their points, which are long enough to have a
/// direction, and their street labels.
struct GuidedLegs {
    let legs: [RouteLeg]
    let coords: [[Coordinate]]
    /// Legs too short to have a direction (a phantom on a junction) only carry their cost.
    let isMeaningful: [Bool]
    let labels: [StreetLabel]
}

/// One junction of a route, where the leg `index` leaves the node the last meaningful leg before
/// it (`previousIndex`) arrives at: what every handler reads about it.
final class RouteJunction {
    let route: GuidedLegs
    let index: Int
    let previousIndex: Int
    let arriving: RouteLeg
    let leaving: RouteLeg
    let node: Int32
    /// Heading arriving, and the signed change of heading onto the leaving leg (right > 0).
    let inBearing: Double
    let turn: Double
    /// The street left and the street taken (OSRM compares the roads on either side of the
    /// junction, not the step's first road).
    let arrivingLabel: StreetLabel
    let label: StreetLabel
    let name: String
    /// Other ways meet here (for drivers, ways a car may use: `isJunction`).
    let isJunction: Bool
    /// The leaving leg is on a roundabout the mode is told about (walkers just walk round).
    let isOnAnnouncedRoundabout: Bool
    /// The route enters such a roundabout here.
    let entersAnnouncedRoundabout: Bool
    /// The road's name or ref changes here in a way OSRM announces.
    let renamed: Bool
    /// The route turns back along the edge it came by.
    let turnsBack: Bool

    /// `guide` borrowed: an initializer takes its arguments owned, and the builder was copied
    /// (every column it reads retained, then released) for each junction of each route.
    init(_ route: GuidedLegs, at index: Int, after previousIndex: Int, guide: borrowing ManeuverBuilder) {
        let leg = route.legs[index], prev = route.legs[previousIndex]
        self.route = route
        self.index = index
        self.previousIndex = previousIndex
        arriving = prev
        leaving = leg
        node = guide.endNode(prev)
        // Round a traffic island, the two halves of the road are one road (`mergedHeading`).
        inBearing = guide.mergedHeading(leaving: prev.edge, forward: !prev.forward, at: node).map { ($0 + 180).truncatingRemainder(dividingBy: 360) }
            ?? guide.arrivingHeading(prev, at: node, along: route.coords[previousIndex])
        let outBearing = guide.mergedHeading(leaving: leg.edge, forward: leg.forward, at: node)
            ?? guide.leavingHeading(leg, at: node, along: route.coords[index])
        turn = ManeuverBuilder.turnAngle(from: inBearing, to: outBearing)
        arrivingLabel = route.labels[previousIndex]
        label = route.labels[index]
        name = label.shown
        // Read through `guide` (copying the network would retain each of its columns).
        let isRoundabout = guide.net.edgeFlags[leg.edge] & EdgeFlags.roundabout != 0
        let wasRoundabout = guide.net.edgeFlags[prev.edge] & EdgeFlags.roundabout != 0
        isOnAnnouncedRoundabout = guide.profile.announcesRoundabouts && isRoundabout
        entersAnnouncedRoundabout = isOnAnnouncedRoundabout && !wasRoundabout
        renamed = guide.net.edgeName[prev.edge] != guide.net.edgeName[leg.edge] && arrivingLabel.requiresAnnouncement(onto: label, suffixes: guide.profile.nameSuffixes)
        turnsBack = leg.goesBack(along: prev)
        isJunction = guide.isJunction(node)
    }
}
