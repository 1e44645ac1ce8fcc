extension Int {
    /// `value` rounded by `rule`, held to ±2⁵³ (where Doubles stop being whole numbers exactly),
    /// NaN as 0: unlike `Int(_:)`, it cannot trap whatever a server, a file or a projection
    /// produced. Every Double → Int conversion on the way to the screen goes through it.
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let limit = 9_007_199_254_740_992.0
        self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
