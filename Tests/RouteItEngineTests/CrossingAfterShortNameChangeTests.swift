import XCTest
import RouteItCore
@testable import RouteItEngine

/// A short turn off a street and back onto it folds away as a crossing (`combineConnectedTurns`),
/// but the street the route was on is the one before a name change too short to be told: OSRM has
/// folded that name change away by then and keeps both turns.
final class CrossingAfterShortNameChangeTests: XCTestCase {
    typealias Draft = ManeuverBuilder.Draft

    private func draft(_ kind: Draft.Kind, _ name: String, turn: Double?, metres: Double) -> Draft {
        var d = Draft(kind: kind, name: name, turn: turn)
        d.distance = metres
        d.label = StreetLabel(name: name, ref: "")
        d.choices = 3
        d.waysMet = 3
        return d
    }

    private func steps(nameChangeMetres: Double, crossing: String = "Kaivo") -> [Draft] {
        // Yliopistonkatu bends into Mikonkatu, which goes 9 m right onto Kaivokatu and left back
        // onto Mikonkatu (trip 60.1693,24.9463 -> 60.1782,24.9412 of the Helsinki bench).
        [draft(.depart, "Yliopisto", turn: nil, metres: 300),
         draft(.continue, "Mikon", turn: 67, metres: nameChangeMetres),
         draft(.turn, crossing, turn: 93, metres: 9),
         draft(.turn, "Mikon", turn: -55, metres: 150)]
    }

    private let collapsing = StepCollapsing(rules: GuidanceProfile.car.collapsing)

    /// OSRM: "Turn left onto Yliopistonkatu (305 m) | Turn right onto Kaivokatu (9 m) | Turn left
    /// onto Mikonkatu".
    func testATurnRightAfterAShortNameChangeIsNoCrossing() {
        XCTAssertEqual(collapsing.collapse(steps(nameChangeMetres: 91)).map(\.name), ["Yliopisto", "Kaivo", "Mikon"])
    }

    /// A name change long enough to be told is the street the route was on: across an unnamed
    /// piece and back onto Mikon is one turn (a named street between keeps both turns, as OSRM's
    /// staggered-intersections.feature says: `StaggeredCrossingTests`).
    func testACrossingAfterALongNameChangeStillFolds() {
        XCTAssertEqual(collapsing.combineConnectedTurns(steps(nameChangeMetres: 200, crossing: "")).map(\.name), ["Yliopisto", "Mikon", "Mikon"])
    }
}
