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
}
