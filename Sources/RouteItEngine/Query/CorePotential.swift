/// One query's lower bounds, from the core's landmarks, on a core node's cost from the sources
/// (the core nodes the upward search entered the core by, at their costs) and to the targets
/// (likewise, backward). Their difference is the potential that aims both core searches at
/// each other: Goldberg and Harrelson's average potential, doubled to stay integral.
///
/// For a landmark L, core costs d and sources u at df(u), by the triangle inequality:
/// from the sources at least d(L, x) − max(d(L, u) − df(u)) and min(df(u) + d(u, L)) − d(x, L);
/// to the targets v at db(v) at least min(d(L, v) + db(v)) − d(L, x) and d(x, L) − max(d(v, L) − db(v)).
/// Skipping arcs (roads avoided) only makes costs longer, so the bounds hold then too.
struct CorePotential {
    private let landmarks: CoreLandmarks
    private let rank: Column<Int32>
    private let firstRank: Int
    private let coreSize: Int
    /// Per landmark the query's four constants above, in that order; `.max` where a landmark
    /// bounds nothing (a node it cannot reach, or no node reaching it).
    private var constants: [(fromSources: Int64, viaLandmark: Int64, toTargets: Int64, pastLandmark: Int64)] = []
    /// The landmarks this query uses: those bounding the cost between the two sides best
    /// (ALT's active landmarks; any subset gives true bounds, fewer make each node cheaper).
    private var active: [Int] = []
    static let activeCount = 2

    init(_ landmarks: CoreLandmarks, _ ch: ContractionHierarchy, sources: [(Int32, UInt32)], targets: [(Int32, UInt32)]) {
        self.landmarks = landmarks
        rank = ch.rank
        firstRank = Int(ch.coreRank)
        coreSize = ch.nodeCount - firstRank
        for l in 0..<landmarks.count {
            var maxFromLess: Int64 = .min, minVia: Int64 = .max, minToTargets: Int64 = .max, maxPast: Int64 = .min
            for (u, df) in sources {
                let (f, t) = costs(of: u, landmark: l)
                maxFromLess = f == nil || maxFromLess == .max ? .max : max(maxFromLess, f! - Int64(df))
                if let t { minVia = min(minVia, Int64(df) + t) }
            }
            for (v, db) in targets {
                let (f, t) = costs(of: v, landmark: l)
                if let f { minToTargets = min(minToTargets, f + Int64(db)) }
                maxPast = t == nil || maxPast == .max ? .max : max(maxPast, t! - Int64(db))
            }
            constants.append((maxFromLess == .min ? .max : maxFromLess, minVia,
                              minToTargets, maxPast == .min ? .max : maxPast))
        }
        // Each landmark's bound on the targets' cost from the cheapest source.
        let from = sources.min { $0.1 < $1.1 }?.0
        let scores = (0..<landmarks.count).map { l -> Int64 in
            guard let from else { return 0 }
            let (f, t) = costs(of: from, landmark: l), c = constants[l]
            var bound: Int64 = 0
            if let f, c.toTargets != .max { bound = max(bound, c.toTargets - f) }
            if let t, c.pastLandmark != .max { bound = max(bound, t - c.pastLandmark) }
            return bound
        }
        active = (0..<landmarks.count).sorted { (scores[$0], $1) > (scores[$1], $0) }.prefix(CorePotential.activeCount).map { $0 }
    }

    /// Costs from landmark `l` to core node `x` and from `x` to it; nil for no way (or no core node).
    @inline(__always) private func costs(of x: Int32, landmark l: Int) -> (Int64?, Int64?) {
        let i = Int(rank[Int(x)]) - firstRank
        guard i >= 0 && i < coreSize else { return (nil, nil) }
        let f = landmarks.from[i * landmarks.count + l], t = landmarks.to[i * landmarks.count + l]
        return (f == .max ? nil : Int64(f), t == .max ? nil : Int64(t))
    }

    /// Twice the potential of core node `x`: its bound to the targets less its bound from the sources.
    func doubled(_ x: Int32) -> Int64 {
        let i = Int(rank[Int(x)]) - firstRank
        guard i >= 0 && i < coreSize else { return 0 }
        var toTargets: Int64 = 0, fromSources: Int64 = 0
        let row = i * landmarks.count
        for l in active {
            let c = constants[l]
            let f = landmarks.from[row + l], t = landmarks.to[row + l]
            if f != .max {
                let f = Int64(f)
                if c.fromSources != .max { fromSources = max(fromSources, f - c.fromSources) }
                if c.toTargets != .max { toTargets = max(toTargets, c.toTargets - f) }
            }
            if t != .max {
                let t = Int64(t)
                if c.viaLandmark != .max { fromSources = max(fromSources, c.viaLandmark - t) }
                if c.pastLandmark != .max { toTargets = max(toTargets, t - c.pastLandmark) }
            }
        }
        return toTargets - fromSources
    }
}
