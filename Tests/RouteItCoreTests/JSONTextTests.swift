import XCTest
@testable import RouteItCore

/// JSON string literals as `JSONText` writes them: text that needs no escape copied whole, the
/// rest escaped as before.
final class JSONTextTests: XCTestCase {
    func testStringsNeedingNoEscapeAreCopiedWhole() {
        XCTAssertEqual(JSONText.string(""), "\"\"")
        XCTAssertEqual(JSONText.string("Annankatu 25, 00100 Helsinki"), "\"Annankatu 25, 00100 Helsinki\"")
        XCTAssertEqual(JSONText.string("Töölö 東京 🚲 /"), "\"Töölö 東京 🚲 /\"")
    }

    func testQuotesBackslashesAndControlsAreEscaped() {
        XCTAssertEqual(JSONText.string("say \"hi\""), "\"say \\\"hi\\\"\"")
        XCTAssertEqual(JSONText.string("a\\b"), "\"a\\\\b\"")
        XCTAssertEqual(JSONText.string("1\n2\r3\t4\u{1}5\u{1F}"), "\"1\\n2\\r3\\t4\\u00015\\u001f\"")
        XCTAssertEqual(JSONText.string("é\"ü"), "\"é\\\"ü\"")
        // Each result parses back to the text it was given.
        for text in ["say \"hi\"", "a\\b", "1\n2\u{1}", "Töölö", ""] {
            let parsed = try? JSONSerialization.jsonObject(with: Data(("[" + JSONText.string(text) + "]").utf8)) as? [String]
            XCTAssertEqual(parsed, [text])
        }
    }
}
