import XCTest
@testable import RouteItEngine

/// What a query's guidance remembers (street labels by name, headings by way and junction) is
/// worked out once per key, and keys that differ in anything are kept apart.
final class QueryMemoTests: XCTestCase {
    func testAHeadingIsMeasuredOncePerWayEndAndJunction() {
        let memo = HeadingMemo()
        var measured = 0
        func heading(_ e: Int, _ forward: Bool, _ node: Int32) -> Double? {
            memo.junctionHeading(e, forward, node) {
                measured += 1
                return e == 7 ? nil : Double(e) + (forward ? 0.5 : 0) + Double(node) / 1000
            }
        }
        XCTAssertEqual(heading(3, true, 9), 3.509)
        XCTAssertEqual(heading(3, true, 9), 3.509)
        XCTAssertEqual(measured, 1, "asked again, remembered")
        XCTAssertEqual(heading(3, false, 9), 3.009, "the other end")
        XCTAssertEqual(heading(3, true, 10), 3.51, "another junction")
        XCTAssertEqual(heading(4, true, 9), 4.509, "another way")
        XCTAssertEqual(heading(Int(Int32.max), true, Int32.max), Double(Int32.max) + 0.5 + Double(Int32.max) / 1000)
        XCTAssertEqual(heading(Int(Int32.max), true, -1), Double(Int32.max) + 0.5 - 0.001, "keys do not run into each other")
        XCTAssertEqual(measured, 6)
        XCTAssertNil(heading(7, true, 1))
        XCTAssertNil(heading(7, true, 1))
        XCTAssertEqual(measured, 7, "no heading is remembered too")
        XCTAssertEqual(memo.mergedHeading(3, true, 9) { measured += 1; return 99 }, 99, "merged headings are kept apart")
        XCTAssertEqual(measured, 8)
    }

    func testALabelIsDecodedOncePerName() {
        let memo = StreetLabelMemo()
        var decoded = 0
        func label(_ name: Int32) -> StreetLabel {
            memo.label(ofName: name) { decoded += 1; return StreetLabel(name: "Street \(name)", ref: "") }
        }
        XCTAssertEqual(label(2).name, "Street 2")
        XCTAssertEqual(label(2).name, "Street 2")
        XCTAssertEqual(label(3).name, "Street 3")
        XCTAssertEqual(decoded, 2)
    }
}
