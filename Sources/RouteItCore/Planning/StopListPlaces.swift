import Foundation

/// A stop list's lines as places: LAT,LON as given, an address as the geocoder's first match
/// (ranked for someone at `near`). Every line that cannot be found is named at once, and two
/// lines at the same place are refused, so a list is taken whole or not at all.
public enum StopListPlaces {
    public static func resolve(_ lines: [StopListLine], using geocoder: any Geocoding, near: Coordinate?) async throws -> [EntrySlot] {
        var slots: [EntrySlot] = [], missing: [String] = []
        var seen: [Coordinate: Int] = [:]
        for line in lines {
            try Task.checkCancellation()
            var placemark: Placemark
            if let coordinate = Coordinate(text: line.query) {
                placemark = Placemark(coordinate: coordinate)
            } else if let found = try await geocoder.geocode(line.query, near: near).first {
                placemark = found
            } else {
                missing.append("line \(line.line) (\(QuotedInput.text(line.query)))")
                continue
            }
            let key = Coordinate(latitude: (placemark.coordinate.latitude * 1e6).rounded() / 1e6,
                                 longitude: (placemark.coordinate.longitude * 1e6).rounded() / 1e6)
            if let earlier = seen[key] {
                throw InputError("Line \(line.line) is the same place as line \(earlier) (\(placemark.formattedAddress)); list each stop once.")
            }
            seen[key] = line.line
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
        return slots
    }
}
