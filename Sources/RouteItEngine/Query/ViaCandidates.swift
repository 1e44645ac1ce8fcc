/// An alternative search's via nodes, cheapest first, unpacked into paths on demand: nodes whose
/// path is one already unpacked (via nodes on one plateau) are passed over, so `self[i]` is the
/// i-th distinct path.
struct ViaCandidates {
    struct Candidate {
        var via: Int32
        var path: SearchPath
        var legs: [RouteLeg]
    }

    private var vias: ArraySlice<Int32>
    private let path: (Int32) -> SearchPath
    private let legs: (SearchPath) -> [RouteLeg]
    private var unpacked: [Candidate] = []

    init(_ vias: [Int32], path: @escaping (Int32) -> SearchPath, legs: @escaping (SearchPath) -> [RouteLeg]) {
        self.vias = vias[...]
        self.path = path
        self.legs = legs
    }

    /// The i-th distinct candidate, nil when there are fewer.
    subscript(i: Int) -> Candidate? {
        mutating get {
            while unpacked.count <= i, let v = vias.popFirst() {
                let p = path(v)
                if unpacked.contains(where: { $0.path.arcs == p.arcs }) { continue }
                unpacked.append(Candidate(via: v, path: p, legs: legs(p)))
            }
            return i < unpacked.count ? unpacked[i] : nil
        }
    }
}
