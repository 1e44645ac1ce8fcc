import Foundation
import RouteItCore

/// The stops of a GeoJSON file RouteIt exported (`open trip.geojson`). Only the stops' features
/// and the trip's own member are built; the legs' coordinates, nearly all of the file, are
/// skimmed over (see `JSONSkimmer`). A value RouteIt cannot use is its problem; a file that is
/// not a FeatureCollection reads as nil. Another program's collection gives its Point features.
enum GeoJSONTripReader {
    static func read(_ data: Data) throws -> ImportedTrip? {
        let json = JSONSkimmer(data)
        guard let root = json.members(of: json.whole) else {
            // An object that never closes is a file cut off, not some other kind of file.
            let text = data.prefix(64).drop { [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0) }
            if text.first == UInt8(ascii: "{") { throw TripFileFields.Problem(text: "it is cut off or damaged (not well-formed JSON)") }
            return nil
        }
        guard let type = root.first(where: { $0.key == "type" }), json.string(at: type.value) == "FeatureCollection",
              let list = root.first(where: { $0.key == "features" }), let features = json.elements(of: list.value) else { return nil }
        var stops: [(index: Int, slot: EntrySlot)] = []
        /// A feature says what it is in RouteIt's export (`kind`: a leg or a stop).
        var markedByRouteIt = false
        for range in features {
            guard let members = json.members(of: range),
                  let properties = members.first(where: { $0.key == "properties" }).flatMap({ json.members(of: $0.value) }),
                  let kind = properties.first(where: { $0.key == "kind" }) else { continue }
            markedByRouteIt = true
            guard json.string(at: kind.value) == "stop" else { continue }
            let number = stops.count + 1
            guard let feature = json.value(at: range) as? [String: Any] else {
                throw TripFileFields.Problem(text: "stop \(number) is damaged (not well-formed JSON)")
            }
            stops.append(try stop(feature, numbers: try numbers(json, members: members, properties: properties, number: number),
                                  number: number, isStart: stops.isEmpty))
        }
        if !markedByRouteIt, !root.contains(where: { $0.key == "routeit" }) {
            return try otherProgramsPoints(json, features: features)
        }
        // RouteIt numbers its stops 1 to n, each once: another numbering would reorder the trip.
        var numbered = Set<Int>()
        for (k, stop) in stops.enumerated() where !(1...stops.count).contains(stop.index) || !numbered.insert(stop.index).inserted {
            throw TripFileFields.Problem(text: "stop \(k + 1) has the index \(stop.index); the stops are numbered 1 to \(stops.count), each once")
        }
        let trip = root.first(where: { $0.key == "routeit" }).flatMap { json.value(at: $0.value) as? [String: Any] } ?? [:]
        // Every value is written as a string; anything else is not what RouteIt wrote.
        var values: [String: String] = [:]
        for (key, value) in trip {
            guard let text = value as? String else { throw TripFileFields.Problem(text: "its \(key) \(QuotedInput.text("\(value)")) is not what RouteIt writes") }
            values[key] = text
        }
        // Sorted, stop k is the one numbered k + 1.
        return try TripFileFields.importedTrip(stops.sorted { $0.index < $1.index }.map(\.slot), values: values) { "stop \($0 + 1)" }
    }

    /// A FeatureCollection another program wrote (no `kind` on any feature, no `routeit`
    /// member): its Point features are the trip's places in the file's order, each named by its
    /// `name` property, as the GPX reader takes another program's `wpt`s; lines and areas are
    /// not places. A position off the globe is refused, named by its feature's number.
    private static func otherProgramsPoints(_ json: JSONSkimmer, features: [Range<Int>]) throws -> ImportedTrip {
        var slots: [EntrySlot] = []
        var featureNumbers: [Int] = []
        for (k, range) in features.enumerated() {
            guard let members = json.members(of: range),
                  let geometry = members.first(where: { $0.key == "geometry" }).flatMap({ json.members(of: $0.value) }),
                  let type = geometry.first(where: { $0.key == "type" }), json.string(at: type.value) == "Point" else { continue }
            let feature = "feature \(k + 1)"
            let coordinates = geometry.first { $0.key == "coordinates" }?.value
            let elements = coordinates.flatMap { json.elements(of: $0) } ?? []
            let values = elements.compactMap { json.number(at: $0).flatMap(Double.init) }
            let position = values.count == elements.count && values.count >= 2 ? values : []
            let coordinate = try TripFileFields.position(latitude: position.count >= 2 ? position[1] : nil, longitude: position.first, stop: feature,
                                                         said: coordinates.map { "coordinates \(json.text(at: $0))" } ?? "no coordinates")
            let properties = members.first { $0.key == "properties" }.flatMap { json.members(of: $0.value) }
            let name = properties.flatMap { placeName(json, properties: $0) }
            slots.append(try TripFileReader.slot(placemark: nil, name: name, coordinate: coordinate, stay: 0, windows: [],
                                                 priority: .normal, isStart: slots.isEmpty, stop: feature))
            featureNumbers.append(k + 1)
        }
        guard slots.count >= 2 else {
            let held = slots.isEmpty ? "no Point feature" : "one Point feature"
            throw TripFileFields.Problem(text: "it holds \(held), and a trip needs two places or more, each a Point feature (a start and its stops)")
        }
        return try TripFileFields.importedTrip(slots, values: [:]) { "feature \(featureNumbers[$0])" }
    }

    /// Another program's name for a point: its `name`, else Google Takeout's (`Title` in its
    /// Saved Places, `location.name`, else `location.address` in its starred places).
    private static func placeName(_ json: JSONSkimmer, properties: [(key: String, value: Range<Int>)]) -> String? {
        func text(_ members: [(key: String, value: Range<Int>)], _ key: String) -> String? {
            members.first { $0.key == key }.flatMap { json.string(at: $0.value) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let location = properties.first { $0.key == "location" }.flatMap { json.members(of: $0.value) } ?? []
        return text(properties, "name") ?? text(properties, "Title") ?? text(location, "name") ?? text(location, "address")
    }

    /// The values of a stop RouteIt writes as JSON numbers, as written: its `index`, `stay` and
    /// position (each nil when absent). A number written as text (`"stay": "20"`) or as anything
    /// else is a damaged file, refused as another bad value is.
    private struct StopNumbers {
        var index: Int?
        var stay: String?
        /// `coordinates`, longitude first, when the geometry has them; each a number.
        var position: [Double]?
        /// How `coordinates` is written, to name it in a refusal.
        var positionText: String?
    }

    private static func numbers(_ json: JSONSkimmer, members: [(key: String, value: Range<Int>)],
                                properties: [(key: String, value: Range<Int>)], number: Int) throws -> StopNumbers {
        func property(_ key: String) -> Range<Int>? { properties.first { $0.key == key }?.value }
        var found = StopNumbers()
        if let range = property("index") {
            guard let index = json.wholeNumber(at: range) else {
                throw TripFileFields.Problem(text: "stop \(number) has the index \(json.text(at: range)), not a whole number; the stops are numbered from 1, each once")
            }
            found.index = index
        }
        let stop = "stop \(found.index ?? number)"
        if let range = property("stay") {
            guard let stay = json.wholeNumber(at: range) else {
                throw TripFileFields.Problem(text: "\(stop) has a stay of \(json.text(at: range)), not a whole number; a stay is 0 to \(Int(StayDuration.maximum)) whole seconds")
            }
            found.stay = String(stay)
        }
        let geometry = members.first { $0.key == "geometry" }.flatMap { json.members(of: $0.value) }
        if let range = geometry?.first(where: { $0.key == "coordinates" })?.value {
            found.positionText = json.text(at: range)
            let elements = json.elements(of: range) ?? []
            let values = elements.compactMap { json.number(at: $0).flatMap(Double.init) }
            // Each element a number: a text among them is damage, not a coordinate to skip.
            if values.count == elements.count { found.position = values }
        }
        return found
    }

    /// A stop's feature: its position, place, stay, windows, priority and number in the trip.
    private static func stop(_ feature: [String: Any], numbers: StopNumbers, number: Int, isStart: Bool) throws -> (index: Int, slot: EntrySlot) {
        let properties = feature["properties"] as? [String: Any] ?? [:]
        let index = numbers.index ?? number
        let stop = "stop \(index)"
        let position = numbers.position ?? []
        let coordinate = try TripFileFields.position(latitude: position.count >= 2 ? position[1] : nil, longitude: position.first, stop: stop,
                                                     said: numbers.positionText.map { "coordinates \($0)" } ?? "no coordinates")
        let placemark = try properties["place"].map { place in
            try TripFileFields.placemark((place as? [String: Any]).flatMap { try? JSONSerialization.data(withJSONObject: $0) } ?? Data(), stop: stop)
        }
        let stay = try numbers.stay.map { try TripFileFields.stay($0, stop: stop) } ?? 0
        let windows = try properties["windows"].map { try TripFileFields.windows("\($0)", stop: stop) } ?? []
        let priority = try properties["priority"].map { try TripFileFields.priority("\($0)", stop: stop) } ?? .normal
        let slot = try TripFileReader.slot(placemark: placemark, name: properties["address"] as? String, coordinate: coordinate, stay: stay,
                                           windows: windows, priority: priority, isStart: isStart, stop: stop)
        return (index, slot)
    }
}
