import Foundation
import RouteItCore

/// An OSRM server that answers with another profile than the one asked for: one osrm-routed
/// serves the single profile its graph was built with, whatever the URL says, so a foot server
/// asked for `driving` answers with walking steps. Read from the steps' `mode`.
public struct OSRMProfileMismatch: Error, Equatable, CustomStringConvertible {
    public var host: String
    public var asked: TransportType
    /// The step mode the server answered with (`walking`, `driving`, `cycling`, ...).
    public var answered: String

    public var description: String {
        "The routing server \(host) answers \(asked.routesWord) routes with \(answered) steps: it runs another OSRM profile"
    }

    /// OSRM's step modes for each of RouteIt's ways to travel (ferries belong to every profile).
    static func modes(for type: TransportType) -> Set<String> {
        switch type {
        case .car: return ["driving", "ferry", "train"]
        case .walk: return ["walking", "ferry", "train"]
        case .bike: return ["cycling", "pushing bike", "ferry", "train"]
        }
    }

    /// The first step mode that does not belong to `type`, if any.
    static func foreignMode(in modes: [String], for type: TransportType) -> String? {
        modes.first { !Self.modes(for: type).contains($0) }
    }
}

extension TransportType {
    /// "car", "walking", "bicycle": as in "the offline map for bicycle routes".
    public var routesWord: String {
        switch self {
        case .car: return "car"
        case .walk: return "walking"
        case .bike: return "bicycle"
        }
    }
}
