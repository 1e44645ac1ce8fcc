import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// gpsd's reports are believed only after their numbers are checked.
final class GPSDReportTests: XCTestCase {
    func testATPVWithA2DOr3DFixIsAPosition() {
        XCTAssertEqual(GPSDReport.parse(#"{"class":"TPV","device":"/dev/pts/1","mode":3,"lat":60.1665,"lon":24.939,"eph":17.1}"#),
                       .fix(LocationFix(coordinate: Coordinate(latitude: 60.1665, longitude: 24.939), horizontalAccuracy: 17.1)))
        XCTAssertEqual(GPSDReport.parse(#"{"class":"TPV","mode":2,"lat":-33.8,"lon":151.2}"#),
                       .fix(LocationFix(coordinate: Coordinate(latitude: -33.8, longitude: 151.2), horizontalAccuracy: nil)))
    }

    func testNoFixOrAnImpossiblePositionIsNotAPosition() {
        for line in [#"{"class":"TPV","mode":1,"lat":60.1,"lon":24.9}"#,
                     #"{"class":"TPV","mode":0}"#,
                     #"{"class":"TPV","mode":3,"lat":91.0,"lon":24.9}"#,
                     #"{"class":"TPV","mode":3,"lat":60.1,"lon":-180.5}"#,
                     #"{"class":"TPV","mode":3,"lat":"60.1","lon":24.9}"#,
                     #"{"class":"TPV","mode":true,"lat":60.1,"lon":24.9}"#,
                     #"{"class":"TPV","mode":3,"lat":1e400,"lon":24.9}"#,
                     #"{"class":"TPV","mode":3,"lon":24.9}"#] {
            XCTAssertEqual(GPSDReport.parse(line), .noFix, line)
        }
    }

    func testAnAccuracyThatIsNoEstimateIsDropped() {
        for eph in ["-1", "1e12", "\"17\""] {
            let line = #"{"class":"TPV","mode":3,"lat":60.1,"lon":24.9,"eph":"# + eph + "}"
            XCTAssertEqual(GPSDReport.parse(line), .fix(LocationFix(coordinate: Coordinate(latitude: 60.1, longitude: 24.9))), line)
        }
    }

    func testOtherReportsAndNonsense() {
        XCTAssertEqual(GPSDReport.parse(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0"}]}"#), .devices(1))
        XCTAssertEqual(GPSDReport.parse(#"{"class":"DEVICES","devices":[]}"#), .devices(0))
        XCTAssertEqual(GPSDReport.parse(#"{"class":"VERSION","release":"3.22"}"#), .other)
        XCTAssertNil(GPSDReport.parse("HTTP/1.1 400 Bad Request"))
        XCTAssertNil(GPSDReport.parse(#"{"mode":3}"#))
    }

    func testAddressesAndTheLocationOption() throws {
        XCTAssertEqual(GPSDAddress("localhost:2947"), .standard)
        XCTAssertEqual(GPSDAddress("gps.local"), GPSDAddress(host: "gps.local", port: 2947))
        XCTAssertEqual(GPSDAddress(":3000"), GPSDAddress(host: "localhost", port: 3000))
        XCTAssertEqual(GPSDAddress("[::1]:3000")?.description, "[::1]:3000")
        for bad in ["host:0", "host:70000", "host:x", "::1", "[::1", "a b:1"] { XCTAssertNil(GPSDAddress(bad), bad) }
        XCTAssertEqual(try LocationSourceSpec.parse("gpsd", source: "--location"), .gpsd(.standard))
        XCTAssertEqual(try LocationSourceSpec.parse("gpsd=10.0.0.2:2948", source: "--location"),
                       .gpsd(GPSDAddress(host: "10.0.0.2", port: 2948)))
        XCTAssertEqual(try LocationSourceSpec.parse("simulated", source: "--location"), .simulated)
        XCTAssertThrowsError(try LocationSourceSpec.parse("gps", source: "--location")) {
            XCTAssertEqual("\($0)", "--location takes gpsd, gpsd=HOST:PORT, replay=FILE or simulated, not \"gps\"")
        }
        XCTAssertEqual(try LocationSourceSpec.parse("replay=drive.nmea", source: "--location"), .replay("drive.nmea"))
        XCTAssertThrowsError(try LocationSourceSpec.parse("replay=", source: "--location")) {
            XCTAssertEqual("\($0)", "--location: replay= needs a track file (NMEA or GPX)")
        }
        XCTAssertThrowsError(try LocationSourceSpec.parse("gpsd=host:99999", source: "ROUTEIT_LOCATION")) {
            XCTAssertEqual("\($0)", "ROUTEIT_LOCATION: \"host:99999\" is not HOST:PORT (port 1-65535)")
        }
        XCTAssertNil(try LocationSourceSpec.fromEnvironment([:]))
        XCTAssertEqual(try LocationSourceSpec.fromEnvironment(["ROUTEIT_LOCATION": "simulated"]), .simulated)
    }
}
