import RouteItCore

extension TransportType {
    /// The mode's own value of a per-mode setting (`RoutingProfile`, `GuidanceProfile`, ...).
    func pick<Value>(car: Value, walk: Value, bike: Value) -> Value {
        switch self {
        case .car: return car
        case .walk: return walk
        case .bike: return bike
        }
    }
}
