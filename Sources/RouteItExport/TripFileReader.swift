import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RouteItCore

/// A trip read back from one of RouteIt's own GPX or GeoJSON exports (`open trip.gpx`).
public struct ImportedTrip: Equatable, Sendable {
    /// The start first, then the stops (each with its place and stay).
    public var slots: [EntrySlot]
    public var departure: Departure
    public var transportType: TransportType?
    public var distanceUnit: DistanceUnit?
}

/// Reads RouteIt's GPX and GeoJSON exports. Waypoints/stops without RouteIt's extensions still
/// become places (name and position); anything else is one clear error.
public enum TripFileReader {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// A RouteIt export of a whole trip is well under this; parsing takes many times the size.
    public static let maxBytes = 16 << 20

    public static func read(path: String) throws -> ImportedTrip {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: maxBytes)
        } catch let refusal as BoundedFile.Refusal {
            throw Failure(description: refusal.description)
        }
        let lower = path.lowercased()
        let trip: ImportedTrip?
        if lower.hasSuffix(".gpx") {
            trip = GPXTripParser.parse(data)
        } else if lower.hasSuffix(".geojson") || lower.hasSuffix(".json") {
            trip = geoJSON(data)
        } else {
            throw Failure(description: "\(path) is not a .gpx or .geojson file; open NAME opens a saved trip.")
        }
        guard let trip else { throw Failure(description: "\(path) is not a trip exported by RouteIt.") }
        guard trip.slots.count >= 2 else { throw Failure(description: "\(path) holds fewer than two stops.") }
        guard trip.slots.count <= 1 + EntryViewModel.maximumStopCount else {
            throw Failure(description: "\(path) holds \(trip.slots.count - 1) stops; a trip has at most \(EntryViewModel.maximumStopCount).")
        }
        return trip
    }

    static func departure(_ text: String?) -> Departure {
        guard let text, text != "now" else { return .now }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text).map(Departure.at) ?? .now
    }

    static func slot(placeJSON: Data?, name: String?, coordinate: Coordinate, stay: TimeInterval) -> EntrySlot {
        var placemark = placeJSON.flatMap { try? JSONDecoder().decode(Placemark.self, from: $0) }
            ?? Placemark(name: name, coordinate: coordinate)
        if !placemark.coordinate.isValid { placemark.coordinate = coordinate }
        let item = MapItem(placemark: placemark)
        return EntrySlot(text: placemark.formattedAddress, mapItem: item, stay: max(0, min(stay, StayDuration.maximum)))
    }

    /// Only the stops' features and the trip's own member are built; the legs' coordinates,
    /// nearly all of the file, are skimmed over (see `JSONSkimmer`).
    static func geoJSON(_ data: Data) -> ImportedTrip? {
        let json = JSONSkimmer(data)
        guard let root = json.members(of: json.whole),
              let type = root.first(where: { $0.key == "type" }), json.string(at: type.value) == "FeatureCollection",
              let list = root.first(where: { $0.key == "features" }), let features = json.elements(of: list.value) else { return nil }
        var stops: [(Int, EntrySlot)] = []
        for range in features {
            guard let members = json.members(of: range),
                  let properties = members.first(where: { $0.key == "properties" }).flatMap({ json.members(of: $0.value) }),
                  let kind = properties.first(where: { $0.key == "kind" }), json.string(at: kind.value) == "stop",
                  let feature = json.value(at: range) as? [String: Any] else { continue }
            if let stop = stop(feature, number: stops.count + 1) { stops.append(stop) }
        }
        let trip = root.first(where: { $0.key == "routeit" }).flatMap { json.value(at: $0.value) as? [String: Any] }
        return ImportedTrip(slots: stops.sorted { $0.0 < $1.0 }.map(\.1), departure: departure(trip?["departure"] as? String),
                            transportType: (trip?["mode"] as? String).flatMap(TransportType.init(rawValue:)),
                            distanceUnit: (trip?["units"] as? String).flatMap(DistanceUnit.init(rawValue:)))
    }

    /// A stop's feature: its position, place, stay and number in the trip.
    private static func stop(_ feature: [String: Any], number: Int) -> (Int, EntrySlot)? {
        guard let properties = feature["properties"] as? [String: Any],
              let geometry = feature["geometry"] as? [String: Any], let position = geometry["coordinates"] as? [Double],
              position.count >= 2 else { return nil }
        let coordinate = Coordinate(latitude: position[1], longitude: position[0])
        guard coordinate.isValid else { return nil }
        let place = (properties["place"] as? [String: Any]).flatMap { try? JSONSerialization.data(withJSONObject: $0) }
        let stay = (properties["stay"] as? NSNumber)?.doubleValue ?? 0
        let index = (properties["index"] as? NSNumber)?.intValue ?? number
        return (index, slot(placeJSON: place, name: properties["address"] as? String, coordinate: coordinate, stay: stay))
    }
}

/// The waypoints of a GPX file with RouteIt's extensions.
private final class GPXTripParser: NSObject, XMLParserDelegate {
    private var slots: [EntrySlot] = []
    private var trip: [String: String] = [:]
    private var inWaypoint = false
    private var coordinate = Coordinate(latitude: .nan, longitude: .nan)
    private var name: String?
    private var stay: TimeInterval = 0
    private var place: String?
    private var text = ""
    private var isGPX = false

    static func parse(_ data: Data) -> ImportedTrip? {
        let delegate = GPXTripParser()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse(), delegate.isGPX else { return nil }
        return ImportedTrip(slots: delegate.slots, departure: TripFileReader.departure(delegate.trip["departure"]),
                            transportType: delegate.trip["mode"].flatMap(TransportType.init(rawValue:)),
                            distanceUnit: delegate.trip["units"].flatMap(DistanceUnit.init(rawValue:)))
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        text = ""
        switch (namespaceURI, element) {
        case (_, "gpx"): isGPX = true
        case (GPXExport.extensionNamespace, "trip"): trip = attributes
        case (_, "wpt"):
            inWaypoint = true
            coordinate = Coordinate(latitude: Double(attributes["lat"] ?? "") ?? .nan, longitude: Double(attributes["lon"] ?? "") ?? .nan)
            name = nil
            stay = 0
            place = nil
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard inWaypoint else { return }
        switch (namespaceURI, element) {
        case (GPXExport.extensionNamespace, "stay"): stay = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        case (GPXExport.extensionNamespace, "place"): place = text
        case (_, "name"): name = text
        case (_, "wpt"):
            inWaypoint = false
            if coordinate.isValid {
                slots.append(TripFileReader.slot(placeJSON: place.map { Data($0.utf8) }, name: name, coordinate: coordinate, stay: stay))
            }
        default: break
        }
    }
}
