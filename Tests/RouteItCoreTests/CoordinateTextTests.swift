import XCTest
import RouteItCore

/// `LAT,LON` read and written as the tools take and show places.
final class CoordinateTextTests: XCTestCase {
    func testSpacesAndTabsAroundEitherNumberAreTrimmedButNotNewlines() {
        XCTAssertEqual(Coordinate(text: " 60.1 ,\t24.9 "), Coordinate(latitude: 60.1, longitude: 24.9))
        // A no-break space and an em space are Unicode space separators, as CharacterSet.whitespaces has them.
        XCTAssertEqual(Coordinate(text: "\u{00A0}60.1,24.9\u{2003}"), Coordinate(latitude: 60.1, longitude: 24.9))
        XCTAssertNil(Coordinate(text: "60.1\n,24.9"))
        XCTAssertNil(Coordinate(text: " , "))
        XCTAssertNil(Coordinate(text: "60.1,"))
    }

    func testTheTextIsSixDecimalsAsPrintfWritesThem() {
        XCTAssertEqual(Coordinate(latitude: 60.1, longitude: -24.9).description, "60.100000,-24.900000")
        XCTAssertEqual(Coordinate(latitude: 5e-7, longitude: 0.0000015).description, String(format: "%.6f,%.6f", 5e-7, 0.0000015))
    }

    /// `type 2 -0,-0`, `routeit table … -0.0,0` and the outside alert print the place: never as
    /// `-0.000000`, for -0 or for a negative number too small to show.
    func testZeroIsNeverWrittenWithAMinusSign() {
        XCTAssertEqual(Coordinate(text: "-0,-0")?.description, "0.000000,0.000000")
        XCTAssertEqual(Coordinate(latitude: -0.0000004, longitude: -0.0).description, "0.000000,0.000000")
        XCTAssertEqual(Coordinate(latitude: -0.0000006, longitude: -1).description, "-0.000001,-1.000000")
    }
}
