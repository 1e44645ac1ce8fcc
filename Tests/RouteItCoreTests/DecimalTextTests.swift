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

    /// Rounded from the double's exact value, ties to even, as printf does: 5e-7 is stored a
    /// little below half a millionth, and 0.125 is an exact tie.
    func testRoundsTheExactValueAsPrintfDoes() {
        for (x, places) in [(5e-7, 6), (-5e-7, 6), (0.5, 0), (1.5, 0), (2.5, 0), (0.125, 2), (0.375, 2), (1.0000005, 6),
                            (60.1687925, 6), (24.9407835, 6), (Double.leastNonzeroMagnitude, 6), (4503599627370497.0, 0)] {
            XCTAssertEqual(DecimalText.fixed(x, places: places), String(format: "%.\(places)f", x), "\(x) to \(places)")
        }
        var rng = SeededRandom(seed: 30)
        for _ in 0..<2_000 {
            // Seven decimals: half of the last place kept, where a rounded product goes wrong.
            let x = Double(Int64.random(in: -1_800_000_000...1_800_000_000, using: &rng)) / 1e7 + 5e-8
            XCTAssertEqual(DecimalText.fixed(x, places: 6), String(format: "%.6f", x), "\(x)")
        }
    }
}
