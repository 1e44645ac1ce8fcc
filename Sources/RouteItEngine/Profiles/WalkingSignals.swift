/// foot.lua's `traffic_signal_penalty`: a walker passing a node tagged `highway=traffic_signals`
/// waits 2 s on average (in any direction: the signal's `direction` only applies to vehicles).
/// It is why OSRM walks the sidewalk beside a signalled street rather than the street itself.
enum WalkingSignals {
    static let milliseconds: UInt32 = 2_000
}
