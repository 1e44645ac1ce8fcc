import XCTest
@testable import RouteItEngine

/// Scratch memory reads zero where nothing was written, without making the page resident.
final class ScratchArrayTests: XCTestCase {
    func testUnwrittenReadsAreZeroAndTouchNothing() throws {
        let a = ScratchArray<UInt32>(count: 1 << 20)
        let far = 700_000
        XCTAssertEqual(a[far], 0)
        XCTAssertEqual(try residentPages(XCTUnwrap(a.address(of: far)), pages: 1), 0, "a read of a page never written maps nothing")
        a[far] = 7
        XCTAssertEqual(a[far], 7)
        XCTAssertEqual(try residentPages(XCTUnwrap(a.address(of: far)), pages: 1), 1)
        XCTAssertEqual(a[far + 1], 0, "its neighbours on the page are still zero")
        XCTAssertEqual(a[far - 1], 0)
        // Elements straddling pages: 12-byte elements do not divide 4 KB.
        let b = ScratchArray<(UInt32, UInt32, UInt32)>(count: 10_000)
        for i in stride(from: 0, to: 10_000, by: 3) { b[i] = (UInt32(i), 1, 2) }
        for i in 0..<10_000 {
            let e = b[i]
            XCTAssertEqual(e.0, i % 3 == 0 ? UInt32(i) : 0)
            XCTAssertEqual(e.2, i % 3 == 0 ? 2 : 0)
        }
        b.zeroAll()
        XCTAssertEqual(b[3].0, 0)
    }
}
