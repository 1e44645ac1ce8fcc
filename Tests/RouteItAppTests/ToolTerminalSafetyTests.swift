import Foundation
import XCTest
import RouteItTestSupport

/// Names from a stop list or from the map reach the terminal without escape sequences or bidi
/// controls in the one-shot tools' text, as in the shell: a CSV from elsewhere, or a map made
/// from a hostile extract, cannot retitle or clear the terminal.
final class ToolTerminalSafetyTests: XCTestCase {
    private var directory: URL!
    private let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2JKiosk\u{202E}evil"

    override func setUpWithError() throws {
        directory = try TestFiles.temporaryDirectory(for: self)
    }

    private var environment: [String: String] {
        ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path, "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
    }

    private func assertClean(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.unicodeScalars.contains { ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"].contains($0) }, text, file: file, line: line)
        XCTAssertTrue(text.contains("Kioskevil"), text, file: file, line: line)
    }

    func testAStopListsNamesAreCleanedInRoutesText() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let list = directory.appendingPathComponent("evil.csv")
        try "name,address\n\"\(hostile)\",Annankatu 25\n".write(to: list, atomically: true, encoding: .utf8)
        let result = try RouteItProcess.run(["route", "Mannerheimintie 1", "--stops", list.path, "--mode", "walk", "--map", map],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        assertClean(result.stdout)
    }

    /// XML allows no ESC, but a C1 control sequence (U+009B, CSI in one character) it does.
    /// (`reverse` prints its place with `geocode`'s line.)
    func testAMapsNamesAreCleanedInGeocodeAndTable() throws {
        let osm = directory.appendingPathComponent("evil.osm")
        try """
            <osm version="0.6">
              <node id="1" lat="60.170" lon="24.940"/><node id="2" lat="60.171" lon="24.941"/><node id="3" lat="60.172" lon="24.942"/>
              <node id="4" lat="60.1711" lon="24.9412"><tag k="name" v="\u{9B}2JKiosk\u{202E}evil"/><tag k="shop" v="kiosk"/></node>
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Testikatu"/></way>
            </osm>
            """.write(to: osm, atomically: true, encoding: .utf8)
        let map = directory.appendingPathComponent("evil.routeit").path
        let imported = try RouteItProcess.run(["import", osm.path, "-o", map], environment: environment, timeout: 120)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let geocoded = try RouteItProcess.run(["geocode", "Kiosk", "--map", map], environment: environment)
        XCTAssertEqual(geocoded.status, 0, geocoded.stderr)
        assertClean(geocoded.stdout)
        let table = try RouteItProcess.run(["table", "Kiosk", "60.172,24.942", "--map", map], environment: environment)
        XCTAssertEqual(table.status, 0, table.stderr)
        assertClean(table.stdout)
    }
}
