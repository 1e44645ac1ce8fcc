import RouteItCore

/// Alerts (`! <message>`) and one-line input errors (`error: <message>`).
public enum AlertScreen {
    public static func render(_ alert: Alert, style: TextStyle = .plain) -> String {
        style.red("! \(alert.message)")
    }

    public static func render(_ error: InputError, style: TextStyle = .plain) -> String {
        style.red("error: \(error.message)")
    }
}
