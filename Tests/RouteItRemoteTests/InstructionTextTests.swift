import RouteItCore
import XCTest

final class InstructionTextTests: XCTestCase {
    private func say(_ kind: Maneuver.Kind, _ direction: Maneuver.Direction? = nil, _ name: String? = nil,
                     exit: Int? = nil, bearing: Double? = nil) -> String {
        InstructionText.sentence(for: Maneuver(kind: kind, direction: direction, streetName: name,
                                               exitNumber: exit, bearing: bearing))
    }

    func testDepartNamesCompassHeading() {
        XCTAssertEqual(say(.depart, nil, "Kaivokatu", bearing: 2), "Head north on Kaivokatu")
        XCTAssertEqual(say(.depart, nil, "Kaivokatu", bearing: 228), "Head southwest on Kaivokatu")
        XCTAssertEqual(say(.depart, nil, nil, bearing: 359), "Head north")
        XCTAssertEqual(say(.depart, nil, "", bearing: 90), "Head east")
    }

    func testTurnsByModifier() {
        XCTAssertEqual(say(.turn, .left, "Mannerheimintie"), "Turn left onto Mannerheimintie")
        XCTAssertEqual(say(.turn, .slightRight, "Mannerheimintie"), "Turn slight right onto Mannerheimintie")
        XCTAssertEqual(say(.turn, .sharpLeft, "Mannerheimintie"), "Turn sharp left onto Mannerheimintie")
        XCTAssertEqual(say(.turn, .right), "Turn right")
        // OSRM's `turn straight` ("Go straight onto", as osrm-text-instructions says it) is no name change.
        XCTAssertEqual(say(.turn, .straight, "Aleksanterinkatu"), "Go straight onto Aleksanterinkatu")
        // OSRM's `turn uturn` (a maneuver relation's `uturn`) reads back as a turn, not a `continue uturn`.
        XCTAssertEqual(say(.turn, .uTurn, "Aleksanterinkatu"), "Turn around onto Aleksanterinkatu")
        XCTAssertEqual(InstructionText.maneuver(from: "Turn around onto Aleksanterinkatu"),
                       Maneuver(kind: .turn, direction: .uTurn, streetName: "Aleksanterinkatu"))
        XCTAssertEqual(say(.uTurn), "Make a U-turn")
        // The road it comes back on, as osrm-text-instructions' `uturn` sentence with a name
        // (round 9a #7: the sentence named none), and read back with it.
        XCTAssertEqual(say(.uTurn, .uTurn, "Kaivokatu"), "Make a U-turn onto Kaivokatu")
        XCTAssertEqual(say(.continue, .uTurn, "Kaivokatu"), "Make a U-turn onto Kaivokatu")
        XCTAssertEqual(InstructionText.maneuver(from: "Make a U-turn onto Kaivokatu"),
                       Maneuver(kind: .uTurn, direction: .uTurn, streetName: "Kaivokatu"))
        XCTAssertEqual(InstructionText.maneuver(from: "Make a U-turn"), Maneuver(kind: .uTurn, direction: .uTurn))
    }

    func testContinueRoundaboutForkMergeArrive() {
        XCTAssertEqual(say(.newName, .straight, "Esplanadi"), "Continue onto Esplanadi")
        XCTAssertEqual(say(.continue, nil, nil), "Continue")
        XCTAssertEqual(say(.roundabout, .right, "Bulevardi", exit: 2), "At the roundabout, take the 2nd exit onto Bulevardi")
        XCTAssertEqual(say(.roundabout, nil, nil, exit: 11), "At the roundabout, take the 11th exit")
        XCTAssertEqual(say(.roundabout, nil, "X"), "Enter the roundabout onto X")
        XCTAssertEqual(say(.fork, .slightLeft, "Hämeentie"), "Keep left at the fork onto Hämeentie")
        XCTAssertEqual(say(.fork, .right), "Keep right at the fork")
        // A merge says which way it moves over (OSRM's `merge slight left`).
        XCTAssertEqual(say(.merge, .slightLeft, "Itäväylä"), "Merge slightly left onto Itäväylä")
        XCTAssertEqual(say(.merge, nil, "Itäväylä"), "Merge onto Itäväylä")
        XCTAssertEqual(say(.arrive, .left, "Kaivokatu"), "Arrive at your destination")
    }

    func testOrdinalsAndCompass() {
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(InstructionText.ordinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"])
        XCTAssertEqual([0, 44, 70, 135, 180, 225, 270, 315, -90, 720].map { InstructionText.compassWord(forBearing: $0) },
                       ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest", "west", "north"])
    }
}
