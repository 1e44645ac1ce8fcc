/// What makes two places of a trip the same place: their coordinates agree to a millionth of a
/// degree (about 10 cm), the precision places are written in (`Coordinate.description`, stop
/// lists, the exports). A trip visits each place once: a second visit is a 0-mile leg.
/// The one rule for the shell's slots, stop lists, the route tool and opened exports.
public struct PlaceKey: Hashable, Sendable {
    /// Millionths of a degree, whole numbers kept as doubles: a NaN (never a place) matches nothing.
    private let latitude: Double
    private let longitude: Double

    public init(_ coordinate: Coordinate) {
        latitude = (coordinate.latitude * 1e6).rounded()
        longitude = (coordinate.longitude * 1e6).rounded()
    }

    /// The first place that repeats an earlier one, as indices into `places` (nil: all differ).
    public static func firstRepeat(in places: [Coordinate]) -> (earlier: Int, later: Int)? {
        var seen: [PlaceKey: Int] = [:]
        for (index, place) in places.enumerated() {
            if let earlier = seen.updateValue(index, forKey: PlaceKey(place)) { return (earlier, index) }
        }
        return nil
    }

    /// Whether `places` end where they start: a round trip written out (three places or more;
    /// two at one place are no trip).
    public static func returnsToStart(_ places: [Coordinate]) -> Bool {
        places.count > 2 && places[places.count - 1].isSamePlace(as: places[0])
    }
}

extension Coordinate {
    /// The same place as `other` (see `PlaceKey`).
    public func isSamePlace(as other: Coordinate) -> Bool { PlaceKey(self) == PlaceKey(other) }
}
