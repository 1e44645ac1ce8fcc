import Foundation

/// One position report while following a trip: where, when (the receiver's own time, so a
/// replay runs as fast as it is read), and what the receiver knows of heading, speed and error.
public struct GuidanceFix: Equatable, Sendable {
    public var coordinate: Coordinate
    public var time: Date
    /// Course over ground, degrees clockwise from north; nil when unknown.
    public var heading: Double?
    /// Metres per second; nil when unknown.
    public var speed: Double?
    /// Estimated horizontal error in metres; nil when unknown.
    public var accuracy: Double?

    public init(coordinate: Coordinate, time: Date, heading: Double? = nil, speed: Double? = nil, accuracy: Double? = nil) {
        self.coordinate = coordinate
        self.time = time
        self.heading = heading
        self.speed = speed
        self.accuracy = accuracy
    }

    /// A position on the globe at a real time; heading, speed and accuracy that are not numbers
    /// count as unknown rather than spoiling the fix.
    public var isUsable: Bool { coordinate.isValid && time.timeIntervalSince1970.isFinite }

    /// The same fix with every optional figure that is not a sane number dropped.
    public var cleaned: GuidanceFix {
        var fix = self
        if let h = heading, !(h.isFinite && h >= 0 && h <= 360) { fix.heading = nil }
        if let s = speed, !(s.isFinite && s >= 0 && s < 1_000) { fix.speed = nil }
        if let a = accuracy, !(a.isFinite && a >= 0 && a <= 100_000) { fix.accuracy = nil }
        return fix
    }
}
