import Foundation

/// The front end's own words in the planner's sentences: how its user turns waiting on, and
/// what happens to the trip when no stop fits. The shell's are the default; `routeit route`
/// gives its switches.
public struct PlannerWording: Equatable, Sendable {
    /// How to let the trip wait for an opening: `wait on`, `leave out --no-wait`.
    public var waitSwitch: String
    /// The first line when every stop is left out.
    public var nothingFits: String

    public init(waitSwitch: String, nothingFits: String) {
        self.waitSwitch = waitSwitch
        self.nothingFits = nothingFits
    }

    public static let shell = PlannerWording(waitSwitch: "wait on", nothingFits: "No stop fits the day; the trip is unchanged.")
}
