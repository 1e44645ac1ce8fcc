import RouteItCore

/// GPX 1.1 (https://www.topografix.com/GPX/1/1/): the stops as waypoints (`<wpt>`, named by
/// address, in trip order), then one route (`<rte>`) per leg, named by its ends, with its
/// geometry as `<rtept>`s; a point where a step starts has the step's instruction as `<desc>`.
/// Element order follows the schema's sequences, so validating readers accept it.
/// With a plan, waypoints carry their arrival `<time>`, legs their departure and arrival (in the
/// description and on their first and last points), and RouteIt's own `<extensions>` keep what
/// `open trip.gpx` needs to rebuild the trip (the places in full, stays, windows, priorities,
/// departure, mode, units, wait, back by, end, days).
public enum GPXExport {
    public static let extensionNamespace = "urn:routeit:trip:1"

    public static func gpx(stops: [MapItem], legs: [Route], plan: TripExportPlan? = nil) -> String {
        var out = GPXOpening.text(name: "RouteIt trip", namespace: "xmlns:routeit=\"\(extensionNamespace)\"")
        if let plan, let start = plan.legDepartures.first {
            out += "    <time>\(plan.timestamp(start))</time>\n"
        }
        if let box = TripGeometry.boundingBox(stops: stops, legs: legs) {
            out += "    <bounds minlat=\"\(ExportNumber.degrees(box.minLatitude))\" minlon=\"\(ExportNumber.degrees(box.minLongitude))\""
                + " maxlat=\"\(ExportNumber.degrees(box.maxLatitude))\" maxlon=\"\(ExportNumber.degrees(box.maxLongitude))\"/>\n"
        }
        if let plan {
            let attributes = TripFileFields.tripValues(plan).map { "\($0.0)=\"\(XMLText.escape($0.1))\"" }.joined(separator: " ")
            out += "    <extensions>\n"
            out += "      <routeit:trip \(attributes)/>\n"
            out += "    </extensions>\n"
        }
        out += "  </metadata>\n"
        for (index, stop) in stops.enumerated() {
            out += "  <wpt \(position(stop.coordinate))>\n"
            if let time = plan?.arrival(atStop: index) { out += "    <time>\(plan!.timestamp(time))</time>\n" }
            out += "    <name>\(XMLText.escape(stop.placemark.formattedAddress))</name>\n"
            out += "    <desc>Stop \(index + 1)</desc>\n"
            if let plan, index < plan.places.count {
                let place = plan.places[index]
                out += "    <extensions>\n"
                out += "      <routeit:stay>\(Int(place.stay.rounded()))</routeit:stay>\n"
                out += "      <routeit:place>\(XMLText.escape(TripExportPlan.placemarkJSON(place.item.placemark)))</routeit:place>\n"
                if !place.windows.isEmpty { out += "      <routeit:windows>\(TripFileFields.windows(place.windows))</routeit:windows>\n" }
                if place.priority != .normal { out += "      <routeit:priority>\(place.priority.rawValue)</routeit:priority>\n" }
                out += "    </extensions>\n"
            }
            out += "  </wpt>\n"
        }
        for (index, leg) in legs.enumerated() {
            let times = plan.flatMap { plan in
                index < plan.legDepartures.count ? (plan.timestamp(plan.legDepartures[index]), plan.timestamp(plan.legArrivals[index])) : nil
            }
            out += "  <rte>\n"
            out += "    <name>\(XMLText.escape(TripExportLeg.title(leg: index, stops: stops)))</name>\n"
            var summary = legSummary(leg)
            if let times { summary += ", depart \(times.0), arrive \(times.1)" }
            out += "    <desc>\(XMLText.escape(summary))</desc>\n"
            out += "    <number>\(index + 1)</number>\n"
            let path = leg.drawingPath
            let instructions = TripExportSteps.instructionsByPoint(leg, path: path)
            for (i, point) in path.enumerated() {
                let time = times.flatMap { i == 0 ? $0.0 : (i == path.count - 1 ? $0.1 : nil) }
                let said = instructions[i]
                guard time != nil || said != nil else {
                    out += "    <rtept \(position(point))/>\n"
                    continue
                }
                // The leg's ends carry when the trip is there; a point where a step starts carries
                // its instruction (what a GPS unit announces).
                out += "    <rtept \(position(point))>\n"
                if let time { out += "      <time>\(time)</time>\n" }
                if let said { out += "      <desc>\(XMLText.escape(said.joined(separator: "; ")))</desc>\n" }
                out += "    </rtept>\n"
            }
            out += "  </rte>\n"
        }
        return out + "</gpx>\n"
    }

    private static func position(_ c: Coordinate) -> String {
        "lat=\"\(ExportNumber.degrees(c.latitude))\" lon=\"\(ExportNumber.degrees(c.longitude))\""
    }

    private static func legSummary(_ leg: Route) -> String {
        "\(ExportNumber.format(leg.distance, decimals: 1)) m, \(ExportNumber.format(leg.expectedTravelTime, decimals: 1)) s by \(leg.transportType.rawValue)"
    }
}
