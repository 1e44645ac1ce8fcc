import Foundation

/// Damage found while reading a map: a stored index or offset that points outside its array.
/// Reads never trap on it (see `Column`); they count it here, and a query that saw the count
/// change fails with `MapDamage.message` instead of answering from bad data.
enum MapDamage {
    static let message = "The map is damaged; import it again."

    private static let lock = NSLock()
    nonisolated(unsafe) private static var count = 0

    /// Zeroed bytes to read a fallback value of any column element from.
    nonisolated(unsafe) private static let zeroes: UnsafeMutableRawPointer = {
        let p = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 64)
        p.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
        return p
    }()

    static func report() {
        lock.lock()
        count &+= 1
        lock.unlock()
    }

    @inline(never)
    static func reportAndZero<T: BitwiseCopyable>() -> T {
        report()
        return zero()
    }

    /// `start..<end` from two stored offsets into an array of `count`; damaged ones (end before
    /// start, or past the array) are an empty range and counted, where `..<` would trap and a
    /// range of four billion would hang.
    @inline(__always) static func range<T: BinaryInteger>(_ start: T, _ end: T, count: Int) -> Range<Int> {
        let lower = Int(start), upper = Int(end)
        guard lower <= upper, upper <= count else {
            report()
            return 0..<0
        }
        return lower..<upper
    }

    /// A value of all-zero bytes (of up to 256).
    static func zero<T: BitwiseCopyable>() -> T {
        precondition(MemoryLayout<T>.size <= 256)
        return zeroes.load(as: T.self)
    }

    /// How many damaged reads so far (compare before and after a query).
    static var seen: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Runs `body` and throws `MapDamageError` if it read damaged data.
    static func checking<R>(_ body: () throws -> R) throws -> R {
        let before = seen
        let result = try body()
        if seen != before { throw MapDamageError() }
        return result
    }
}

/// A query read values outside the map's arrays.
struct MapDamageError: Error, CustomStringConvertible {
    var description: String { MapDamage.message }
}
