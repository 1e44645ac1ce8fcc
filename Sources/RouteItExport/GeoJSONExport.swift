import RouteItCore

/// RFC 7946 GeoJSON: one FeatureCollection with each leg as a LineString (positions are
/// [longitude, latitude], WGS84, no "crs" member) carrying distance (m), duration (s) and its
/// steps with their instructions, then each stop as a Point carrying its address and 1-based
/// index. The collection's properties carry the attribution and the trip's totals. With a plan,
/// legs carry `depart`/`arrive` and stops `arrive`, `stay` (seconds), `windows`, `priority` and
/// the place in full, and the collection a foreign member `routeit` (mode, units, departure,
/// end, wait, days, back by) to read the trip back.
public enum GeoJSONExport {
    public static func geoJSON(stops: [MapItem], legs: [Route], plan: TripExportPlan? = nil) -> String {
        var features: [String] = []
        for (index, leg) in legs.enumerated() {
            let ends = TripExportLeg.endpoints(leg: index, stops: stops)
            var properties = [
                ("kind", string("leg")),
                ("leg", String(index + 1)),
                ("distance", number(leg.distance, decimals: 1)),
                ("duration", number(leg.expectedTravelTime, decimals: 1)),
                ("transport", string(leg.transportType.rawValue)),
            ]
            if let ends { properties += [("from", text(ends.from)), ("to", text(ends.to))] }
            properties.append(("steps", "[" + leg.steps.map(step).joined(separator: ",") + "]"))
            if let plan, index < plan.legDepartures.count {
                properties += [("depart", string(plan.timestamp(plan.legDepartures[index]))),
                               ("arrive", string(plan.timestamp(plan.legArrivals[index])))]
            }
            let coordinates = leg.drawingPath.map(position).joined(separator: ",")
            features.append(feature(geometry: #"{"type":"LineString","coordinates":[\#(coordinates)]}"#, properties: properties))
        }
        for (index, stop) in stops.enumerated() {
            var properties = [
                ("kind", string("stop")),
                ("index", String(index + 1)),
                ("address", text(stop.placemark.formattedAddress)),
            ]
            if let plan {
                if let time = plan.arrival(atStop: index) { properties.append(("arrive", string(plan.timestamp(time)))) }
                if index < plan.places.count {
                    properties.append(("stay", String(Int(plan.places[index].stay.rounded()))))
                    properties.append(("place", TripExportPlan.placemarkJSON(plan.places[index].item.placemark)))
                    let place = plan.places[index]
                    if !place.windows.isEmpty { properties.append(("windows", string(TripFileFields.windows(place.windows)))) }
                    if place.priority != .normal { properties.append(("priority", string(place.priority.rawValue))) }
                }
            }
            features.append(feature(geometry: #"{"type":"Point","coordinates":\#(position(stop.coordinate))}"#, properties: properties))
        }
        // The collection's own properties (a foreign member RFC 7946 §6.1 allows): the credit and
        // the trip's totals.
        let totals = [
            ("attribution", string(MapAttribution.text)),
            ("legs", String(legs.count)),
            ("stops", String(stops.count)),
            ("distance", number(legs.reduce(0) { $0 + $1.distance }, decimals: 1)),
            ("duration", number(legs.reduce(0) { $0 + $1.expectedTravelTime }, decimals: 1)),
        ].map { "\(string($0.0)):\($0.1)" }.joined(separator: ",")
        var trip = ""
        if let plan {
            let members = TripFileFields.tripValues(plan).map { "\(string($0.0)):\(string($0.1))" }.joined(separator: ",")
            trip = "\"routeit\":{\(members)},"
        }
        return "{\"type\":\"FeatureCollection\",\"properties\":{\(totals)}," + trip + "\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    /// A step: its instruction, distance (m), duration (s) and where it starts.
    private static func step(_ step: RouteStep) -> String {
        var members = [
            ("instruction", text(step.instruction)),
            ("distance", number(step.distance, decimals: 1)),
            ("duration", number(step.expectedTravelTime, decimals: 1)),
        ]
        if let start = step.polyline.first { members.append(("location", position(start))) }
        return "{" + members.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func feature(geometry: String, properties: [(String, String)]) -> String {
        let members = properties.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",")
        return #"{"type":"Feature","geometry":\#(geometry),"properties":{\#(members)}}"#
    }

    private static func position(_ c: Coordinate) -> String {
        "[\(ExportNumber.degrees(c.longitude)),\(ExportNumber.degrees(c.latitude))]"
    }

    /// JSON has no infinity or NaN; an unknown figure is null rather than an invalid file.
    private static func number(_ value: Double, decimals: Int) -> String {
        value.isFinite ? ExportNumber.format(value, decimals: decimals) : "null"
    }

    /// A JSON string literal (RFC 8259 §7).
    static func string(_ text: String) -> String { JSONText.string(text) }

    /// A name or instruction as a JSON string, cleaned as the screen shows it (see `XMLText`).
    static func text(_ text: String) -> String { string(TerminalSafeText.clean(text)) }
}
