import Foundation

/// Where a gpsd listens: `localhost:2947` unless told otherwise.
public struct GPSDAddress: Equatable, Sendable, CustomStringConvertible {
    public static let defaultPort: UInt16 = 2947
    public static let standard = GPSDAddress(host: "localhost", port: defaultPort)

    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `HOST`, `HOST:PORT`, `:PORT` (localhost), `[IPv6]` or `[IPv6]:PORT`; nil when malformed.
    public init?(_ text: String) {
        var host = text, portText: String?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = String(rest.dropFirst())
            }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else { return nil }  // a bare IPv6 needs brackets
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        if host.isEmpty { host = "localhost" }
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
        var port = Self.defaultPort
        if let portText {
            guard let value = UInt16(portText), value > 0 else { return nil }
            port = value
        }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// `--location` / ROUTEIT_LOCATION: where `locate` reads the position.
public enum LocationSourceSpec: Equatable, Sendable {
    /// A gpsd (the default: localhost:2947), falling back to the simulated position when it
    /// cannot be reached.
    case gpsd(GPSDAddress)
    /// Only the simulated position (`location LAT LON`).
    case simulated
    /// A recorded NMEA or GPX track, for `go` (`locate` uses the simulated position).
    case replay(String)

    public static let `default` = LocationSourceSpec.gpsd(.standard)

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// `gpsd`, `gpsd=HOST:PORT`, `replay=FILE` or `simulated`; `source` names the option or
    /// variable in errors.
    public static func parse(_ text: String, source: String) throws -> LocationSourceSpec {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "gpsd": return .default
        case "simulated": return .simulated
        default: break
        }
        if trimmed.lowercased().hasPrefix("replay=") {
            let path = String(trimmed.dropFirst(7))
            guard !path.isEmpty else { throw ParseError(description: "\(source): replay= needs a track file (NMEA or GPX)") }
            return .replay(path)
        }
        guard trimmed.lowercased().hasPrefix("gpsd=") else {
            throw ParseError(description: "\(source) takes gpsd, gpsd=HOST:PORT, replay=FILE or simulated, not \"\(text)\"")
        }
        let addressText = String(trimmed.dropFirst(5))
        guard let address = GPSDAddress(addressText) else {
            throw ParseError(description: "\(source): \"\(addressText)\" is not HOST:PORT (port 1-65535)")
        }
        return .gpsd(address)
    }

    /// ROUTEIT_LOCATION, nil when unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> LocationSourceSpec? {
        guard let text = environment["ROUTEIT_LOCATION"], !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return try parse(text, source: "ROUTEIT_LOCATION")
    }
}
