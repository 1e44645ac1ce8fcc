import Foundation

/// ANSI colour for the screens, or none: colour only when writing to a terminal and `NO_COLOR`
/// is not set (https://no-color.org). Screens stay pure: the style is passed in.
public struct TextStyle: Equatable, Sendable {
    public var usesColour: Bool

    public init(usesColour: Bool) { self.usesColour = usesColour }

    public static let plain = TextStyle(usesColour: false)

    /// The style for output to `fileDescriptor` given the environment.
    public static func detect(fileDescriptor: Int32 = STDOUT_FILENO,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
        resolve(isTerminal: isatty(fileDescriptor) == 1, environment: environment)
    }

    static func resolve(isTerminal: Bool, environment: [String: String]) -> TextStyle {
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(usesColour: isTerminal && !noColour && environment["TERM"] != "dumb")
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
