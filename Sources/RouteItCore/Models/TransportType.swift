/// How the trip is travelled; the shell's `mode car|walk|bike`.
public enum TransportType: String, Codable, Sendable, CaseIterable {
    case car
    case walk
    case bike
}
