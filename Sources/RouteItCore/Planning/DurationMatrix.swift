import Foundation

/// Expected travel times in seconds between every ordered pair of trip stops: `self[i, j]` is
/// the time from stop i to stop j. Index 0 is the fixed start. Not symmetric in general (one-way
/// streets); `.infinity` means there is no route.
public struct DurationMatrix: Hashable, Sendable {
    public let size: Int
    private var values: [Double]

    /// A matrix with zero on the diagonal and `.infinity` everywhere else.
    public init(size: Int) {
        precondition(size >= 0, "matrix size must not be negative")
        self.size = size
        values = Array(repeating: .infinity, count: size * size)
        for i in 0..<size { values[i * size + i] = 0 }
    }

    /// Builds from rows; nil unless the rows form a square with no NaN or negative entry.
    public init?(rows: [[Double]]) {
        let n = rows.count
        guard rows.allSatisfy({ $0.count == n }) else { return nil }
        guard rows.joined().allSatisfy({ !$0.isNaN && $0 >= 0 }) else { return nil }
        size = n
        values = Array(rows.joined())
    }

    public subscript(from: Int, to: Int) -> Double {
        get { values[from * size + to] }
        set {
            precondition(!newValue.isNaN && newValue >= 0, "a duration must be a non-negative number")
            values[from * size + to] = newValue
        }
    }

    /// The time of the round trip 0 → order[0] → … → order.last → 0.
    public func roundTripDuration(visiting order: [Int]) -> Double {
        var total = 0.0
        var here = 0
        for next in order {
            total += self[here, next]
            here = next
        }
        return total + self[here, 0]
    }
}
