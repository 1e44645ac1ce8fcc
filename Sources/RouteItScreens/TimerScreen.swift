import RouteItCore

/// The trip timer: `Timer: 00:01:05 (running)`.
public enum TimerScreen {
    public static func render(_ timer: TripTimerViewModel, style: TextStyle = .plain) -> String {
        "Timer: \(style.bold(timer.text)) (\(timer.state.rawValue))"
    }
}
