/// How far apart two ways ahead must bend before OSRM (foot.lua) stops calling them a fork:
/// half of its `FUZZY_ANGLE_DIFFERENCE` (25°). A walker going on dead ahead along a street
/// while the same street's other branch leaves 12° off is told which side to keep to.
enum WalkingForks {
    static let distinctAngleDifference = 12.5
}
