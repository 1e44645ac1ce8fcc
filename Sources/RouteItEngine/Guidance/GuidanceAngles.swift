/// OSRM's guidance angles (`extractor/intersection/constants.hpp`), shared by the driver's and
/// the walker's rules.
extension ManeuverBuilder {
    /// `FUZZY_ANGLE_DIFFERENCE`: within this of straight through, two ways continue each other;
    /// a way bending off by more than this beyond another is distinct from it.
    static let fuzzyAngleDifference = 25.0
    /// `GROUP_ANGLE`: turns sharper than this are wide turns, judged against ways twice as sharp;
    /// a fork stands this far apart from the junction's other ways.
    static let groupAngle = 60.0
    /// `NARROW_TURN_ANGLE`: within this of straight on a turn is narrow (a bend, not a turn of
    /// its own); two ways this far apart are distinct turns.
    static let narrowTurnAngle = 40.0
    /// `MAXIMAL_ALLOWED_NO_TURN_DEVIATION`: within this of an angle, a way lies exactly at it.
    static let maximalAllowedNoTurnDeviation = 3.0
    /// Half of `FUZZY_ANGLE_DIFFERENCE`: how far apart two ways ahead must bend before they are
    /// distinct rather than a fork (foot.lua), or before a street going on is distinct from a way
    /// bending off beside it. A walker going on dead ahead along a street while the same street's
    /// other branch leaves 12° off is told which side to keep to.
    static let distinctAngleDifference = fuzzyAngleDifference / 2
}
