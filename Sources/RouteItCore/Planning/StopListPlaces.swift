import Foundation

/// A stop list's lines as places: LAT,LON as given, an address as the geocoder's first match
/// (ranked for someone at `near`). Every line that cannot be found is named at once, and two
/// lines at the same place (`PlaceKey`), or a line at a place the trip keeps (`besides`, e.g.
/// its start), are refused, so a list is taken whole or not at all. A line that matches
/// several places alike is taken as its first and said (`notices`), since no one picked it.
public enum StopListPlaces {
    /// The lines' places (one slot a line, in order) and what to tell of them: a notice a line
    /// that matched several places alike (`line 3: "Alepa" matches 7 places; took …`).
    public struct Found: Sendable {
        public var slots: [EntrySlot]
        public var notices: [String]
    }

    /// `besides`: places the trip has outside the list, each with what to call it (`the start`).
    public static func resolve(_ lines: [StopListLine], using geocoder: any Geocoding, near: Coordinate?,
                               besides kept: [(name: String, coordinate: Coordinate)] = []) async throws -> Found {
        let found = try await found(lines, using: geocoder, near: near)
        var seen: [PlaceKey: String] = [:]
        for place in kept { seen[PlaceKey(place.coordinate)] = place.name }
        for (line, slot) in zip(lines, found.slots) {
            guard let key = slot.mapItem.map({ PlaceKey($0.coordinate) }) else { continue }
            if let earlier = seen.updateValue("line \(line.line)", forKey: key) {
                throw InputError("Line \(line.line) (\(slot.text)) is the same place as \(earlier); list each stop once.")
            }
        }
        return found
    }

    /// Each line's place, repeats and all (a caller that names places its own way checks them);
    /// every line that cannot be found is named at once.
    public static func found(_ lines: [StopListLine], using geocoder: any Geocoding, near: Coordinate?) async throws -> Found {
        var slots: [EntrySlot] = [], missing: [String] = [], notices: [String] = []
        for line in lines {
            try Task.checkCancellation()
            var placemark: Placemark
            if let coordinate = Coordinate(text: line.query) {
                placemark = Placemark(coordinate: coordinate)
            } else {
                let candidates = try await geocoder.geocode(line.query, near: near)
                guard let first = candidates.first else {
                    missing.append("line \(line.line) (\(QuotedInput.text(line.query)))")
                    continue
                }
                placemark = first
                let alike = StopListMatches.alike(candidates, query: line.query)
                if alike > 1 { notices.append(StopListMatches.notice(line: line, took: first, alike: alike, of: candidates.count)) }
            }
            // The list's own name for the place is what the entry and the directions show.
            if let name = line.name { placemark.name = name }
            var slot = EntrySlot(text: placemark.formattedAddress, mapItem: MapItem(placemark: placemark), stay: line.stay)
            slot.windows = line.windows
            slot.priority = line.priority
            slots.append(slot)
        }
        guard missing.isEmpty else {
            let shown = missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", and \(missing.count - 10) more" : "")
            throw InputError("\(missing.count) of \(lines.count) stops cannot be found: \(shown); fix them and load the list again.")
        }
        return Found(slots: slots, notices: notices)
    }
}
