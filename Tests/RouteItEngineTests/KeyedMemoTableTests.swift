import XCTest
@testable import RouteItEngine

/// The guidance memos' table answers as a dictionary would, through its growth, for keys that
/// share a slot and for remembered values that are themselves nil (a way with no heading).
final class KeyedMemoTableTests: XCTestCase {
    func testItAnswersAsADictionaryThroughGrowth() {
        var table = KeyedMemoTable<Double?>()
        var reference: [UInt64: Double?] = [:]
        var g = SystemRandomNumberGenerator()
        for k in 0..<5_000 {
            // Small keys, keys far apart and keys that differ only in their top bits.
            let key: UInt64 = k % 3 == 0 ? UInt64(k) : k % 3 == 1 ? UInt64.random(in: 0...UInt64.max, using: &g) : UInt64(k) << 40
            let value: Double? = k % 7 == 0 ? nil : Double(k)
            table[key] = .some(value)
            reference[key] = .some(value)
        }
        for (key, value) in reference {
            XCTAssertEqual(table[key].map { $0 ?? -1 }, value ?? -1, "key \(key)")
        }
        XCTAssertNil(table[12_345_678_901] ?? nil)
    }

    func testAbsentKeysAreNilAndARememberedNilIsKnown() {
        var table = KeyedMemoTable<Double?>()
        XCTAssertTrue(table[7] == nil, "absent")
        table[7] = .some(nil)
        XCTAssertFalse(table[7] == nil, "known to have no value")
        XCTAssertNil(table[7]!)
        table[7] = .some(3)
        XCTAssertEqual(table[7]!, 3)
    }
}
