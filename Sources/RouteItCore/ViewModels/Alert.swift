/// Something the user must be told about the trip (printed as `! <message>`). The exact texts are
/// part of the product: tests and scripts match them.
public struct Alert: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Why, for tools that answer in codes (`routeit route --json` gives OSRM's `NoSegment` for
    /// a place outside the map); screens show only the message.
    public var reason: Reason = .other

    public enum Reason: Sendable {
        case other
        /// A place lies outside the map's area.
        case outsideMap
    }

    public init(_ message: String, reason: Reason = .other) {
        self.message = message
        self.reason = reason
    }

    public var description: String { message }

    /// Two alerts are the same when they say the same thing.
    public static func == (a: Alert, b: Alert) -> Bool { a.message == b.message }

    public static let invalidTrip = Alert("Please enter a valid starting point and at least one destination.")
    public static let addressNotFound = Alert("Address not found.")
    public static let directionsNotAvailable = Alert("Directions not available.")
}
