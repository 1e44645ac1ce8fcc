import RouteItCore
import XCTest

/// Reading a step's sentence back into its maneuver (for OSRM-shaped JSON of embedded routes):
/// every sentence the wording can produce reads back to a maneuver that says the same.
final class InstructionParsingTests: XCTestCase {
    func testEverySentenceReadsBackToTheSameSentence() {
        let kinds: [Maneuver.Kind] = [.depart, .turn, .newName, .continue, .roundabout, .uTurn, .fork, .merge, .arrive]
        let directions: [Maneuver.Direction?] = [nil, .sharpLeft, .left, .slightLeft, .straight, .slightRight, .right, .sharpRight, .uTurn]
        for kind in kinds {
            for direction in directions {
                for name in [nil, "Mannerheimintie", "Pohjoisesplanadi onto Bulevardi"] {
                    for exit in kind == .roundabout ? [nil, 1, 2, 11] : [nil] {
                        for bearing in kind == .depart ? [nil, 0.0, 95, 200, 359] : [nil] {
                            let maneuver = Maneuver(kind: kind, direction: direction, streetName: name, exitNumber: exit, bearing: bearing)
                            let sentence = InstructionText.sentence(for: maneuver)
                            let parsed = InstructionText.maneuver(from: sentence)
                            XCTAssertNotNil(parsed, sentence)
                            XCTAssertEqual(parsed.map(InstructionText.sentence(for:)), sentence)
                        }
                    }
                }
            }
        }
    }

    func testStructureComesBack() {
        let roundabout = InstructionText.maneuver(from: "At the roundabout, take the 3rd exit onto Kaivokatu")
        XCTAssertEqual(roundabout, Maneuver(kind: .roundabout, streetName: "Kaivokatu", exitNumber: 3))
        XCTAssertEqual(InstructionText.maneuver(from: "Turn sharp left onto Annankatu"),
                       Maneuver(kind: .turn, direction: .sharpLeft, streetName: "Annankatu"))
        XCTAssertEqual(InstructionText.maneuver(from: "Head east on X")?.bearing, 90)
        XCTAssertEqual(InstructionText.maneuver(from: "Arrive at your destination")?.kind, .arrive)
        XCTAssertNil(InstructionText.maneuver(from: "Fly to the moon"))
        XCTAssertNil(InstructionText.maneuver(from: "Turn upside down"))
    }
}
