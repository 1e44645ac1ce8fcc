/// Percentiles of a set of measurements (nearest-rank, so p99 of 1,000 samples is the 990th).
struct LatencySummary {
    let count: Int
    let p50: Double
    let p95: Double
    let p99: Double
    let mean: Double
    let max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        p50 = rank(0.50)
        p95 = rank(0.95)
        p99 = rank(0.99)
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
        max = sorted.last ?? .nan
    }

    var json: [String: Any] {
        ["count": count, "p50": JSONValue.number(p50), "p95": JSONValue.number(p95), "p99": JSONValue.number(p99),
         "mean": JSONValue.number(mean), "max": JSONValue.number(max)]
    }
}
