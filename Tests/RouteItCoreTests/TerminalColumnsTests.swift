import XCTest
import RouteItCore

/// Table cells padded by terminal columns, not characters: a wide name takes two per character.
final class TerminalColumnsTests: XCTestCase {
    func testWideCombiningAndPlainCharacters() {
        XCTAssertEqual(TerminalColumns.width("helsinki"), 8)
        XCTAssertEqual(TerminalColumns.width("名前"), 4)
        XCTAssertEqual(TerminalColumns.width("서울"), 4)
        XCTAssertEqual(TerminalColumns.width("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(TerminalColumns.width("äö-å"), 4)
        XCTAssertEqual(TerminalColumns.width("ＡＢ"), 4, "fullwidth forms")
    }

    func testPaddedToColumns() {
        XCTAssertEqual("名前".padded(toColumns: 6), "名前  ")
        XCTAssertEqual("ab".padded(toColumns: 6), "ab    ")
        XCTAssertEqual("名前名前".padded(toColumns: 6), "名前名前", "wider: as is")
    }
}
