import Foundation
import XCTest
import RouteItCore

/// Fixed decimals as String(format:) writes them, for coordinates and milliseconds alike.
final class DecimalTextTests: XCTestCase {
    func testWritesAsStringFormatDoes() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let x = Double.random(in: -200...200, using: &rng)
            for places in [0, 3, 6] {
                XCTAssertEqual(DecimalText.fixed(x, places: places), String(format: "%.\(places)f", x), "\(x)")
            }
        }
        XCTAssertEqual(DecimalText.fixed(60.17, places: 6), "60.170000")
        XCTAssertEqual(DecimalText.fixed(-0.0000001, places: 6), "-0.000000")
        XCTAssertEqual(DecimalText.fixed(-24.5, places: 3), "-24.500")
        XCTAssertEqual(DecimalText.fixed(0.0004, places: 3), "0.000")
        XCTAssertEqual(DecimalText.fixed(1e300, places: 2), String(format: "%.2f", 1e300))
    }
}
