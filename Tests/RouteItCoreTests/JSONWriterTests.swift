import Foundation
import XCTest
@testable import RouteItCore

/// The answers' JSON writer writes what JSONSerialization (sorted keys, slashes as is) writes
/// of the same tree, byte for byte where the numbers are whole or short.
final class JSONWriterTests: XCTestCase {
    func testWritesAsJSONSerializationDoes() throws {
        let tree: [String: Any] = [
            "code": "Ok", "b": true, "n": 3, "x": 24.9414, "whole": 120.0, "neg": -0.5,
            "line": [[24.94, 60.17], [24.95, 60.16]], "texts": ["a/b", "ä \"q\" \\ \n\t\u{1}"],
            "nested": [["k": 1, "a": [1.5, 2]], ["z": NSNull()]] as [Any], "empty": [:] as [String: Any], "none": [] as [Any],
        ]
        let ours = JSONWriter.data(tree)
        let theirs = try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(ours)) as? NSDictionary,
                       try JSONSerialization.jsonObject(with: theirs) as? NSDictionary)
        let text = String(decoding: ours, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"b":true,"code":"Ok","empty":{},"line":[[24.94,60.17],[24.95,60.16]],"#), text)
        XCTAssertTrue(text.contains(#""texts":["a/b","ä \"q\" \\ \n\t\u0001"]"#), text)
        XCTAssertTrue(text.contains(#""whole":120,"x":24.9414"#), text)
        XCTAssertEqual(JSONWriter.text(Double.nan), "null")
        XCTAssertEqual(JSONWriter.text([UInt64.max, 7] as [Any]), "[18446744073709551615,7]")
    }

    /// A number is written as `description` writes it, digit for digit: six-decimal coordinates,
    /// one-decimal distances, values near the edges of the short form, and any other double.
    func testNumbersAreWrittenAsTheirDescription() {
        var rng = SeededRandom(seed: 30)
        var values: [Double] = [0.0001, -0.0001, 0.00012, 0.000099, 24.94083, -60.1, 1110.5, 999_999_999.999999, 1e9 + 0.5,
                                0.1 + 0.2, 1.0 / 3, 123_456.000001, -0.000001, 2.5e-5]
        for _ in 0..<3_000 {
            let micro = Int64.random(in: -180_000_000...180_000_000, using: &rng)
            values.append((Double(micro) / 1e6 * 1e6).rounded() / 1e6)
            values.append(Double(micro) / 10)
            values.append(Double.random(in: -1e6...1e6, using: &rng))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
        }
        for x in values where x.isFinite && x != x.rounded() {
            XCTAssertEqual(JSONWriter.text(x), x.description, "\(x)")
        }
    }
}
