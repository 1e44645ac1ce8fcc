import XCTest
@testable import RouteItEngine

/// The table's core search heap: whatever the mix of pushes, lowered keys and pops, and whether
/// the last family of four children is full or not, it pops by (key, node), each node once.
final class IndexedMinHeapTests: XCTestCase {
    func testPopsInKeyOrderThroughLoweredKeysAndPartFamilies() {
        var rng = SystemRandomNumberGenerator()
        for capacity in [1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22, 23, 24, 85, 200] {
            let heap = IndexedMinHeap(capacity: capacity)
            for _ in 0..<20 {
                // The reference: each queued node's key, lowered as the heap's is.
                var queued: [Int32: UInt32] = [:]
                for _ in 0..<(capacity * 3) {
                    let node = Int32.random(in: 0..<Int32(capacity), using: &rng)
                    let key = UInt32.random(in: 0..<50, using: &rng)
                    heap.push(key, node)
                    queued[node] = min(queued[node] ?? .max, key)
                    if Bool.random(using: &rng), !heap.isEmpty {
                        let (k, n) = heap.pop()
                        XCTAssertEqual(queued.removeValue(forKey: n), k, "popped at its least key")
                        XCTAssertTrue(queued.allSatisfy { ($0.value, $0.key) > (k, n) }, "nothing queued comes before it")
                    }
                }
                while !heap.isEmpty {
                    let (k, n) = heap.pop()
                    XCTAssertEqual(queued.removeValue(forKey: n), k)
                    XCTAssertTrue(queued.allSatisfy { ($0.value, $0.key) > (k, n) })
                }
                XCTAssertTrue(queued.isEmpty, "every queued node popped")
                heap.removeAll()
            }
        }
    }
}
