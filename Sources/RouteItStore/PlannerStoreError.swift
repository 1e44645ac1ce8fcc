/// Why the planner store cannot be used: one line for the user, saying what to do.
public struct PlannerStoreError: Error, CustomStringConvertible, Equatable {
    public var description: String
}
