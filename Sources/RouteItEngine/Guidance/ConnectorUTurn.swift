import RouteItCore

/// Cars and bikes: a turn onto a short connector that, at the next junction, leaves heading back the way
/// the car came is one "Make a U-turn", as OSRM collapses it. Two cases from OSRM's guidance:
/// - `isUTurn`: the road after the connector is the street the car was on (the other
///   carriageway of a divided road), the connector passing no junction and short (OSRM's
///   MAX_COLLAPSE_DISTANCE, or twice that for an unnamed link between named roads) or ending
///   where the street is the only way on (a turning loop), and the headings within 35° of
///   opposite (`bearingsAreReversed`).
/// - a slip road whose combined angle comes out as a U-turn: the connector (up to 1.5 × the
///   collapse distance) runs straight on into another road heading back exactly the way the
///   car came (OSRM adds the angles of bearings rounded to 15°, so "exactly" is within half of
///   that).
extension ManeuverBuilder {
    /// OSRM's MAX_COLLAPSE_DISTANCE, metres.
    static let collapseDistance = 30.0
    /// Headings this far apart point back along the road (OSRM's `bearingsAreReversed`: within
    /// 35° of opposite).
    static let reversedAngle = 145.0
    /// Headings this far apart read as "uturn" once OSRM rounds bearings to 15° steps.
    static let exactlyReversedAngle = 172.5
    /// A turning loop (a connector ending where the only way on is back along the street) is
    /// followed this far at most.
    static let longestTurningLoop = 250.0

    /// The index of the leg the car leaves the connector by when the turn onto leg `i` (arriving
    /// by `prev` at `inBearing`) is such a U-turn; nil otherwise.
    func connectorUTurn(from i: Int, arrivingBy prev: RouteLeg, legs: [RouteLeg], coords: [[Coordinate]],
                        isMeaningful: [Bool], inBearing: Double, turn: Double) -> Int? {
        // OSRM collapses U-turns only from turns (a fork or a slight bend is no start of one).
        // Not walkers: the car's and the bike's pipelines have `ConnectorUTurnHandler` (OSRM's
        // `isUTurn` is every profile's; foot.lua's 10 m collapse distance leaves walkers none).
        guard abs(turn) >= ManeuverBuilder.forkAngle else { return nil }
        // Onto a motorway's ramp from another road is "on/off ramp", no turn: no U-turn starts there
        // (a ramp looping back onto the motorway of the street's ref is the ramp, then a merge).
        if RoadClass(rawValue: net.edgeClass[legs[i].edge])?.isRamp == true,
           RoadClass(rawValue: net.edgeClass[prev.edge])?.isRamp != true { return nil }
        let before = streetLabel(of: prev.edge)
        guard !before.isEmpty else { return nil }
        // The car turns while another way goes on more nearly ahead: one it may not enter counts
        // (OSRM's intersection lists it), as where a carriageway ends at a turning loop.
        let straighterWay = carRoads(at: endNode(prev), arrivingBy: prev, inBearing: inBearing).contains { r in
            r.branch.edge != legs[i].edge && abs(r.branch.angle) < abs(turn)
        }
        guard straighterWay else { return nil }
        let connector = streetLabel(of: legs[i].edge)
        var length = 0.0
        var last = i
        var j = i
        // Along the connector to the first junction it reaches (none passed on the way).
        while j < legs.count {
            length += legs[j].distance
            if isMeaningful[j] { last = j }
            if length > ManeuverBuilder.longestTurningLoop { return nil }
            guard j + 1 < legs.count else { return nil }
            if isMeaningful[j + 1] && adjacency.degree(endNode(legs[last])) >= 3 { break }
            j += 1
        }
        let exit = j + 1
        guard exit < legs.count, isMeaningful[exit], legs[exit].edge != legs[last].edge else { return nil }
        let after = streetLabel(of: legs[exit].edge)
        let outBearing = ManeuverBuilder.heading(leaving: coords[exit], over: ManeuverBuilder.headingMetres)
        let total = abs(ManeuverBuilder.turnAngle(from: inBearing, to: outBearing))
        guard total >= ManeuverBuilder.reversedAngle else { return nil }
        let arriving = ManeuverBuilder.heading(arriving: coords[last], over: ManeuverBuilder.headingMetres)
        let secondJunction = endNode(legs[last])
        let choiceless = branches(at: secondJunction, arrivingBy: legs[last], inBearing: arriving).count == 1
        if before.isSameStreet(as: after) {
            // Both turns are maneuvers OSRM announces: neither is where the road obviously goes
            // (a street bending back past two junctions is a hairpin), the second maybe the only way.
            guard !isObvious(at: endNode(prev), arrivingBy: prev, leaving: legs[i], inBearing: inBearing),
                  choiceless || !isObvious(at: secondJunction, arrivingBy: legs[last], leaving: legs[exit], inBearing: arriving)
            else { return nil }
            let isLink = connector.isEmpty && length <= 2 * ManeuverBuilder.collapseDistance
            // A loop of its own (not the street bending back round a hairpin) that ends where
            // the street is the only way on.
            let turningLoop = !connector.isSameStreet(as: before) && choiceless
            return length <= ManeuverBuilder.collapseDistance || isLink || turningLoop ? exit : nil
        }
        guard length <= 1.5 * ManeuverBuilder.collapseDistance else { return nil }
        // Onto another road by a slip road that joins it straight on: OSRM adds the two angles.
        let straightOn = abs(ManeuverBuilder.turnAngle(from: arriving, to: outBearing)) < ManeuverBuilder.straightAngle
        guard total >= ManeuverBuilder.exactlyReversedAngle, straightOn,
              !isObvious(at: endNode(prev), arrivingBy: prev, leaving: legs[i], inBearing: inBearing) else { return nil }
        return exit
    }
}
