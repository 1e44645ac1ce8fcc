import Foundation

/// The area a map covers (its name and its extract's bounding box): a point outside it is
/// reported as such, rather than as "no route" or "no address nearby".
public struct MapArea: Equatable, Sendable, CustomStringConvertible {
    /// "Helsinki", as in "the Helsinki map".
    public var name: String
    public var bounds: BoundingBox
    /// The ISO 3166-1 code of the country the map's data is in (`FI`), when it says: its clock
    /// times are that country's (`LocalCalendar.forMap`).
    public var countryCode: String?

    /// A point this close outside the bounds still counts: roads and addresses at the extract's
    /// edge snap to it.
    public static let marginMetres = 200.0

    public init(name: String, bounds: BoundingBox, countryCode: String? = nil) {
        self.name = name
        self.bounds = bounds
        self.countryCode = countryCode
    }

    /// The middle of the bounds.
    public var centre: Coordinate {
        Coordinate(latitude: (bounds.minLatitude + bounds.maxLatitude) / 2, longitude: (bounds.minLongitude + bounds.maxLongitude) / 2)
    }

    public func contains(_ c: Coordinate) -> Bool {
        guard c.isValid else { return false }
        let latMargin = Self.marginMetres / Geodesy.roundMetresPerDegree
        let lonMargin = latMargin / max(0.01, cos(c.latitude * .pi / 180))
        return c.latitude >= bounds.minLatitude - latMargin && c.latitude <= bounds.maxLatitude + latMargin
            && c.longitude >= bounds.minLongitude - lonMargin && c.longitude <= bounds.maxLongitude + lonMargin
    }

    /// Whether the map has nothing to say about `asked`, whose nearest road or address was found
    /// at `found` (nil: none at all): it lies outside the area and nothing is within the margin
    /// (the map's nearest road may be kilometres away). A point just past the edge that the map
    /// can still answer for (an extract keeps whole ways) is not off it.
    public func isOff(_ asked: Coordinate, nearestFound found: Coordinate?) -> Bool {
        guard !contains(asked) else { return false }
        guard let found else { return true }
        return !(asked.distance(to: found) <= Self.marginMetres)
    }

    /// `the Helsinki map (60.16–60.18 N, 24.93–24.95 E)`.
    public var description: String { description(decimals: 2) }

    private func description(decimals: Int) -> String { "the \(name) map (\(rangeText(decimals: decimals)))" }

    /// `60.16–60.18 N, 24.93–24.96 E`.
    public var rangeText: String { rangeText(decimals: 2) }

    /// The range with at least `decimals` decimals.
    func rangeText(decimals: Int) -> String {
        "\(Self.range(bounds.minLatitude, bounds.maxLatitude, "N", "S", decimals: decimals)), "
            + "\(Self.range(bounds.minLongitude, bounds.maxLongitude, "E", "W", decimals: decimals))"
    }

    /// `60.16–60.18 N`, `33.86–33.87 S`, `0.50 S–0.50 N`: rounded outwards (the shown range holds
    /// the whole map) to 2 decimals (or `decimals`), more (up to 4) while rounding would double a
    /// small span.
    static func range(_ exactLow: Double, _ exactHigh: Double, _ positive: String, _ negative: String, decimals: Int = 2) -> String {
        let (low, high, decimals) = shown(exactLow, exactHigh, decimals: decimals)
        func number(_ value: Double) -> String { String(format: "%.\(decimals)f", abs(value)) }
        if low >= 0 { return "\(number(low))–\(number(high)) \(positive)" }
        if high <= 0 { return "\(number(high))–\(number(low)) \(negative)" }
        return "\(number(low)) \(negative)–\(number(high)) \(positive)"
    }

    /// The ends `range` shows, and with how many decimals.
    static func shown(_ exactLow: Double, _ exactHigh: Double, decimals least: Int) -> (Double, Double, Int) {
        var decimals = least
        func outwards(_ decimals: Int) -> (Double, Double) {
            let scale = pow(10, Double(decimals))
            // The 1e-6 keeps 43.77 (43.7699999…) from rounding up to 43.78.
            return ((exactLow * scale + 1e-6).rounded(.down) / scale, (exactHigh * scale - 1e-6).rounded(.up) / scale)
        }
        while decimals < 4, outwards(decimals).1 - outwards(decimals).0 > 2 * (exactHigh - exactLow) { decimals += 1 }
        let (low, high) = outwards(decimals)
        return (low, high, decimals)
    }

    /// `Annankatu 25 is outside the Helsinki map (...)`, the map's range shown with the decimals
    /// that put `point` outside it: 61.5964 is not outside "61.40–61.60 N", though it is outside
    /// the map's 61.594. Coordinates that lie on the map the other way round say so (`ending`).
    public func outsideAlert(_ what: String, at point: Coordinate) -> Alert {
        Alert("\(what) is outside \(description(decimals: decimalsShowing(point)))" + ending([(what, point)]), reason: .outsideMap)
    }

    /// Several places outside at once, each named (the first `named`, then how many more):
    /// `3 places are outside the Helsinki map (...): A, B and C.` One is `outsideAlert(_:at:)`'s.
    public func outsideAlert(_ places: [(what: String, at: Coordinate)], named: Int = 10) -> Alert {
        guard places.count > 1 else { return places.first.map { outsideAlert($0.what, at: $0.at) } ?? Alert("", reason: .outsideMap) }
        let decimals = places.map { decimalsShowing($0.at) }.max() ?? 6
        let shown = places.prefix(named).map(\.what)
        let list = places.count > named ? shown.joined(separator: ", ") + " and \(places.count - named) more"
            : SpokenList.and(Array(shown))
        return Alert("\(places.count) places are outside \(description(decimals: decimals)): \(list)" + ending(Array(places.prefix(named))), reason: .outsideMap)
    }

    /// How the outside alert ends: ` — did you mean 60.170000,24.941000 (latitude first)?` for
    /// the places written as `LAT,LON` (their name ends in their coordinates: a typed place,
    /// `The position …`, or a list's named one, `A (24.940000,60.170000)`) that are off the map but on it read as `LON,LAT`, the usual slip; else
    /// a full stop. An address is never second-guessed: its numbers were not typed.
    private func ending(_ places: [(what: String, at: Coordinate)]) -> String {
        let meant = places.compactMap { place -> Coordinate? in
            let swapped = Coordinate(latitude: place.at.longitude, longitude: place.at.latitude)
            let typed = place.what.hasSuffix(place.at.description) || place.what.hasSuffix("(\(place.at.description))")
            guard typed, !contains(place.at), contains(swapped) else { return nil }
            return swapped
        }
        guard !meant.isEmpty else { return "." }
        let list = SpokenList.and(meant.map(\.description))
        return " — did you mean \(list) (latitude first)?"
    }

    /// The fewest decimals of the map's range that leave `point` outside it.
    private func decimalsShowing(_ point: Coordinate) -> Int {
        (2...6).first { decimals in
            let (south, north, _) = Self.shown(bounds.minLatitude, bounds.maxLatitude, decimals: decimals)
            let (west, east, _) = Self.shown(bounds.minLongitude, bounds.maxLongitude, decimals: decimals)
            return !(south...north).contains(point.latitude) || !(west...east).contains(point.longitude)
        } ?? 6
    }
}
