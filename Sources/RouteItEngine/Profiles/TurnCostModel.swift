import Foundation
import RouteItCore

/// How long a car takes to make a turn at a junction, the model of OSRM's `car.lua`
/// (`process_turn`, OSRM 26.10) so that both engines time a route alike:
/// - at a junction of three or more roads, a sigmoid of the angle up to `turnPenalty`, skewed by
///   `turnBias` so that turns across traffic cost more than turns away from it;
/// - a turn across oncoming traffic (left, where traffic keeps right) waits for a gap:
///   up to `oncomingTurnPenalty` more, except on roundabouts;
/// - a U-turn costs `uTurnPenalty` on top.
/// Where only two roads meet (a way ends and the next begins) going on is free, unless the mode
/// changes there (boarding or leaving a ferry), which car.lua charges as a turn.
/// Entering a road closed to through traffic (`destination`, `private`, ...) from an open one
/// weighs `restrictedEntryPenalty` more (car.lua's `max_turn_weight`): a route enters such a road
/// only when it ends there. That is a weight for choosing routes, not time: durations leave it out.
struct TurnCostModel {
    var turnPenalty = 7.5
    var turnBias = 1.075
    var oncomingTurnPenalty = 2.0
    var uTurnPenalty = 20.0
    var leftHandDriving = false
    /// ms; OSRM's max turn weight, 32767 deciseconds.
    var restrictedEntryPenalty: UInt32 = 3_276_700

    static let osrmCar = TurnCostModel()

    /// Whether a turn's weight (an arc's less driving its edge) carries that charge: only cars'
    /// turns are charged, and no real turn costs that much.
    static func isCharged(turn: UInt32, _ mode: TransportType) -> Bool {
        mode == .car && turn >= osrmCar.restrictedEntryPenalty
    }

    /// - Parameters:
    ///   - angle: change of heading in degrees, (-180, 180], positive turning right.
    ///   - roads: car roads meeting at the junction, the two of the turn included.
    /// - Returns: milliseconds (whole deciseconds), like every weight in the graph.
    func milliseconds(angle: Double, roads: Int, isUTurn: Bool, onRoundabout: Bool, changesMode: Bool = false) -> UInt32 {
        guard roads > 2 || isUTurn || changesMode else { return 0 }
        let bias = leftHandDriving ? 1 / turnBias : turnBias
        // To 0.01°: bearings of a straight road may come out a hair left of straight, where
        // the sigmoid's left branch (with its oncoming-traffic term) would charge 13 times more.
        let a = isUTurn ? 180 : (angle * 100).rounded() / 100
        var seconds: Double
        if a >= 0 {
            seconds = turnPenalty / (1 + exp(-((13 / bias) * a / 180 - 6.5 * bias)))
        } else {
            seconds = turnPenalty / (1 + exp(-((13 * bias) * -a / 180 - 6.5 / bias)))
        }
        let crossesOncoming = leftHandDriving ? a > 0 : a < 0
        if crossesOncoming && !isUTurn && roads > 2 && !onRoundabout {
            let sharpness = 1 / (1 + exp(-(13 * abs(a) / 180 - 3.25)))
            seconds += oncomingTurnPenalty * sharpness
        }
        if isUTurn { seconds += uTurnPenalty }
        // OSRM stores a turn's duration in whole deciseconds, cut, not rounded (its
        // `numeric_cast` of `duration * 10`): a 7.45 s ferry boarding costs 7.4 s.
        return UInt32((seconds * 10).rounded(.towardZero)) * 100
    }
}
