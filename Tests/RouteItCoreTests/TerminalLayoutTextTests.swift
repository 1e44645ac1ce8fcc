import XCTest
@testable import RouteItCore

final class TerminalLayoutTextTests: XCTestCase {
    func testBidiControlsAreRemovedFromNamesAndHours() {
        XCTAssertEqual(TerminalSafeText.clean("Caf\u{202E}e\u{2066}"), "Cafe")
        XCTAssertEqual(Placemark(name: "Shop\u{202E}", coordinate: Coordinate(latitude: 0, longitude: 0),
                                 openingHours: "Mo-Fr\u{202E} 10:00-18:00").terminalSafe.openingHours, "Mo-Fr 10:00-18:00")
    }

    func testAWholeScreenKeepsItsLinesAndColoursButNoOtherEscapes() {
        let screen = "\u{1B}[1mTrip\u{1B}[0m\nMap evil\u{1B}]0;pwned\u{07}\u{202E}x\n\u{1B}[2Jdone"
        XCTAssertEqual(TerminalSafeText.cleanKeepingLayout(screen), "\u{1B}[1mTrip\u{1B}[0m\nMap evilx\ndone")
        XCTAssertEqual(TerminalSafeText.cleanKeepingLayout("plain\ntext"), "plain\ntext")
    }

    func testColourCodesThatHideOrDisguiseTextGoAndRouteItsOwnStay() {
        // A file named so: conceal (8) would hide the rest of the line, reverse and blink disguise it.
        let message = "no such file: \u{1B}[8msecret\u{1B}[7m\u{1B}[5;31mx\u{1B}[0m"
        XCTAssertEqual(TerminalSafeText.cleanKeepingLayout(message), "no such file: secretx\u{1B}[0m")
        let legs = "\u{1B}[0;34m━━\u{1B}[0m \u{1B}[1mTrip\u{1B}[0m \u{1B}[2mdim\u{1B}[0m \u{1B}[90mroad\u{1B}[m"
        XCTAssertEqual(TerminalSafeText.cleanKeepingLayout(legs + "\u{7}"), legs)
    }
}
