import RouteItCore

/// Alerts (`! <message>`) and one-line input errors (`error: <message>`). Messages may carry a
/// server's own words or a name from the map: cleaned for the terminal here.
public enum AlertScreen {
    public static func render(_ alert: Alert, style: TextStyle = .plain) -> String {
        style.red("! \(TerminalSafeText.clean(alert.message))")
    }

    public static func render(_ error: InputError, style: TextStyle = .plain) -> String {
        style.red("error: \(TerminalSafeText.clean(error.message))")
    }
}
