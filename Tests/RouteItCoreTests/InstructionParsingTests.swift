import RouteItCore
import XCTest

/// Reading a step's sentence back into its maneuver (for OSRM-shaped JSON of embedded routes):
/// every sentence the wording can produce reads back to a maneuver that says the same.
final class InstructionParsingTests: XCTestCase {
    func testEverySentenceReadsBackToTheSameSentence() {
        let kinds: [Maneuver.Kind] = [.depart, .turn, .newName, .continue, .roundabout, .uTurn, .fork, .merge, .arrive,
                                      .onRamp, .offRamp, .endOfRoad, .rotary, .exitRoundabout, .exitRotary, .roundaboutTurn,
                                      .notification]
        let directions: [Maneuver.Direction?] = [nil, .sharpLeft, .left, .slightLeft, .straight, .slightRight, .right, .sharpRight, .uTurn]
        for kind in kinds {
            for direction in directions {
                for name in [nil, "Mannerheimintie", "Pohjoisesplanadi onto Bulevardi"] {
                    for exit in [.roundabout, .rotary, .roundaboutTurn].contains(kind) ? [nil, 1, 2, 11] : [nil] {
                        for bearing in kind == .depart ? [nil, 0.0, 95, 200, 359] : [nil] {
                          for rotary in kind == .rotary ? [nil, "Place de l'Etoile"] : [nil] {
                            for travel in [nil, Maneuver.Travel.ferry, .train, .pushing] {
                              let maneuver = Maneuver(kind: kind, direction: direction, streetName: name, exitNumber: exit, bearing: bearing,
                                                      travel: travel, rotaryName: rotary)
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
        }
    }

    /// OSRM's maneuvers beyond turns and roundabouts keep their type, direction, exit and the
    /// rotary's name when a step's sentence is read back (the runner and `--json` read them so).
    func testOSRMsOwnManeuversComeBack() {
        let cases: [Maneuver] = [
            Maneuver(kind: .exitRoundabout, direction: .right, streetName: "Kaivokatu"),
            Maneuver(kind: .exitRotary, direction: .straight, streetName: "Kaivokatu"),
            Maneuver(kind: .rotary, streetName: "Kaivokatu", exitNumber: 2, rotaryName: "Etoile"),
            Maneuver(kind: .rotary, streetName: "Kaivokatu", exitNumber: 3),
            Maneuver(kind: .roundaboutTurn, direction: .left, streetName: "Kaivokatu", exitNumber: 3),
            Maneuver(kind: .onRamp, direction: .slightRight, streetName: "Kehä I"),
            Maneuver(kind: .offRamp, direction: .right),
            Maneuver(kind: .endOfRoad, direction: .left, streetName: "Annankatu"),
            Maneuver(kind: .merge, direction: .slightLeft, streetName: "Kehä I"),
            Maneuver(kind: .newName, direction: .right, streetName: "Annankatu"),
            Maneuver(kind: .continue, direction: .left, streetName: "Annankatu"),
            Maneuver(kind: .turn, direction: .straight, streetName: "Annankatu"),
            Maneuver(kind: .notification, direction: .right, streetName: "Suomenlinna", travel: .ferry),
            Maneuver(kind: .notification, direction: .left, streetName: "Annankatu"),
            Maneuver(kind: .turn, direction: .right, streetName: "Suomenlinna", travel: .ferry),
            Maneuver(kind: .depart, streetName: "Suomenlinna", bearing: 90, travel: .ferry),
        ]
        for maneuver in cases {
            XCTAssertEqual(InstructionText.maneuver(from: InstructionText.sentence(for: maneuver)), maneuver)
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
