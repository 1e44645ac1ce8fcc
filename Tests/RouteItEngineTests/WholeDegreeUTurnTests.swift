import XCTest
import RouteItCore
@testable import RouteItEngine

/// Two turns folded into one that head exactly back on whole-degree bearings are a U-turn, as
/// OSRM reads them (its steps keep integer bearings: `findTotalTurnAngle` is then 0, "turn
/// uturn"), where the finer bearings read 176°: Helsinki bike trips of the bench.
final class WholeDegreeUTurnTests: XCTestCase {
    typealias Draft = ManeuverBuilder.Draft

    private func draft(_ kind: Draft.Kind, _ name: String, turn: Double?, metres: Double, choices: Int) -> Draft {
        var d = Draft(kind: kind, name: name, turn: turn)
        d.distance = metres
        d.label = StreetLabel(name: name, ref: "")
        d.choices = choices
        d.waysMet = choices
        return d
    }

    private func steps(outBearing: Double) -> [Draft] {
        var into = draft(.turn, "", turn: 88, metres: 6, choices: 3)
        into.closeInBearing = 0.3
        var back = draft(.turn, "Paluu", turn: 88, metres: 200, choices: 1)
        back.outBearing = outBearing
        return [draft(.depart, "Meno", turn: nil, metres: 300, choices: 1), into, back]
    }

    func testTwoTurnsHeadingExactlyBackOnWholeDegreesAreAUTurn() {
        let collapsing = StepCollapsing(rules: GuidanceProfile.bike.collapsing)
        let folded = collapsing.combineConnectedTurns(steps(outBearing: 180.4))
        XCTAssertEqual(folded.map(\.kind), [.depart, .uTurn])
        let sharp = collapsing.combineConnectedTurns(steps(outBearing: 176))
        XCTAssertEqual(sharp.map(\.kind), [.depart, .turn])
        XCTAssertEqual(sharp.last?.direction, .sharpRight)
    }
}
