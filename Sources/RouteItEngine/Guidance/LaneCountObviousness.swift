/// OSRM's obvious-way rules that read lane counts (`IsDistinctNarrowTurn`, `IsDistinctWideTurn`,
/// `roadHasLowerClass` in guidance/intersection_handler.hpp), for cars. Each needs a way with a
/// known lane count (`RoadNetwork.lanes(of:)`, 0 = unknown), so maps without `lanes` tags pay one
/// bounds check per way compared.
extension ManeuverBuilder {
    /// The lane counts of the way in, the candidate and another way at a junction.
    struct LaneCounts {
        var arriving: Int
        var candidate: Int
        var other: Int

        /// `roadHasLowerClass` rule 1: a way of a class below both the way in and the candidate,
        /// with at least two lanes fewer than the way in, never looks as obvious.
        func narrowsOntoLesser(_ otherClass: GuidanceClass, inClass: GuidanceClass, candidateClass: GuidanceClass) -> Bool {
            other > 0 && other + 1 < arriving
                && otherClass.isStrictlyLess(than: inClass) && otherClass.isStrictlyLess(than: candidateClass)
        }

        /// `is_lane_fork`: the way in splits its lanes evenly between the candidate and the other
        /// way, close together: told apart by name or angle, they still look alike.
        func isLaneFork(candidateAngle: Double, otherAngle: Double) -> Bool {
            let apart = abs(candidateAngle - otherAngle).truncatingRemainder(dividingBy: 360)
            return other > 0 && candidate == other && arriving == candidate + other
                && min(apart, 360 - apart) < ManeuverBuilder.groupAngle
        }

        /// `IsDistinctNarrowTurn` rule 8: a nearly straight candidate keeping the lane count of
        /// the way in is obvious beside a way bending distinctly more.
        var candidateKeepsLanes: Bool { candidate > 0 && candidate == arriving }
    }

    func laneCounts(arriving prev: Int, candidate: Int, other: Int) -> LaneCounts {
        LaneCounts(arriving: net.lanes(of: prev), candidate: net.lanes(of: candidate), other: net.lanes(of: other))
    }
}
