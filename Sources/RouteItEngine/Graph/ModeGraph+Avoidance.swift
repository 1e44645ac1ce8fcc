extension ModeGraph {
    /// Per arc, the avoidable classes (`RoadAvoidance` bits) of the road it drives: in either
    /// graph an arc's weight is for driving the edge direction it is grouped with.
    func arcMasks(_ net: RoadNetwork) -> [UInt8] {
        (0..<arcCount).map { a in
            let e = Int(arcEdgeDir[a]) >> 1
            return e >= 0 && e < net.edgeAvoid.count ? net.edgeAvoid[e] : 0
        }
    }
}
