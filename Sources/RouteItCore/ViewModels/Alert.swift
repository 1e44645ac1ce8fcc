/// Something the user must be told about the trip (printed as `! <message>`). The exact texts are
/// part of the product: tests and scripts match them.
public struct Alert: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    public static let invalidTrip = Alert("Please enter a valid starting point and at least one destination.")
    public static let addressNotFound = Alert("Address not found.")
    public static let directionsNotAvailable = Alert("Directions not available.")
}
