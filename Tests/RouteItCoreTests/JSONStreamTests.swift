import Foundation
import XCTest
import RouteItCore

/// The route answers' streaming writer writes the same bytes as `JSONWriter` writes of the same
/// values as a tree (commas, sorted keys), so `route --json` and `serve` answer as they did when
/// they built the tree first. (Numbers and escapes: `JSONWriterTests`, which write through it.)
final class JSONStreamTests: XCTestCase {
    func testWritesWhatJSONWriterWritesOfTheSameTree() {
        var json = JSONStream()
        json.openObject()
        json.key("a")
        json.openArray()
        json.closeArray()
        json.key("b")
        json.openObject()
        json.closeObject()
        json.key("flags")
        json.openArray()
        json.bool(true)
        json.bool(false)
        json.null()
        json.closeArray()
        json.key("line")
        json.openArray()
        for point in [[24.9414, 60.17], [-0.5, 120]] {
            json.openArray()
            for x in point { json.number(x) }
            json.closeArray()
        }
        json.closeArray()
        json.key("n")
        json.integer(-42)
        json.key("texts")
        json.openArray()
        for text in ["a/b", "ä \"q\" \\ \n\r\t\u{1}\u{1f}", ""] { json.string(text) }
        json.closeArray()
        json.closeObject()
        let tree: [String: Any] = [
            "a": [] as [Any], "b": [:] as [String: Any], "flags": [true, false, NSNull()] as [Any],
            "line": [[24.9414, 60.17], [-0.5, 120.0]], "n": -42, "texts": ["a/b", "ä \"q\" \\ \n\r\t\u{1}\u{1f}", ""],
        ]
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), JSONWriter.text(tree))
    }

    /// Coordinates rounded to six decimals, digit for digit as the number rounded first is written
    /// (`description`'s digits): whole, one-decimal, six-decimal, tiny, huge and any double.
    func testCoordinatesAreWrittenAsTheNumberRoundedToSixDecimals() {
        var rng = SeededRandom(seed: 33)
        var values: [Double] = [0, -0.0, 0.0001, -0.0001, 0.00012, 0.000099, 0.00005, 24.94083, -60.1, 1110.5, 180, -180,
                                999_999_999.999999, 1e9 + 0.5, 1e15, 1e20, -3e-7, .nan, .infinity, 0.1 + 0.2, 1.0 / 3]
        for _ in 0..<3_000 {
            let micro = Int64.random(in: -180_000_000...180_000_000, using: &rng)
            values.append(Double(micro) / 1e6)
            values.append(Double(micro) / 10)
            values.append(Double.random(in: -1e6...1e6, using: &rng))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
        }
        for x in values {
            var coordinate = JSONStream()
            coordinate.sixDecimals(x)
            XCTAssertEqual(String(decoding: coordinate.bytes, as: UTF8.self), JSONWriter.text((x * 1e6).rounded() / 1e6), "\(x)")
        }
    }
}
