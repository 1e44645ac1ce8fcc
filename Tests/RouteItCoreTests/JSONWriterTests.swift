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
    }
}
