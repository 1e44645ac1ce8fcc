import RouteItTestSupport
import XCTest

/// Two shells on one HOME at once: each writes back only the setting it changed.
final class TwoShellsTests: XCTestCase {
    func testOneShellsModeDoesNotUndoTheOthersUnits() throws {
        let home = try TestFiles.temporaryDirectory(for: self)
        let environment = ["XDG_DATA_HOME": home.path, "LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": ""]
        // The second shell starts (and reads the settings: car, miles) before the first one changes them.
        let second = try LiveShell(arguments: [], environment: environment)
        XCTAssertTrue(second.wait(for: "Trip (car, miles)", count: 1, seconds: 60), second.stdout)
        let first = try RouteItProcess.run([], input: "units km\nquit\n", environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        second.send("mode walk\nquit")
        second.finish()
        XCTAssertEqual(second.process.terminationStatus, 0, second.stderr)
        let third = try RouteItProcess.run([], input: "quit\n", environment: environment)
        XCTAssertTrue(third.stdout.contains("Trip (walk, kilometres)"), third.stdout)
    }
}
