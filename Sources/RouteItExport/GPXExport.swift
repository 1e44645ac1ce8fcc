import RouteItCore

/// GPX 1.1 (https://www.topografix.com/GPX/1/1/): the stops as waypoints (`<wpt>`, named by
/// address, in trip order), then one route (`<rte>`) per leg, named by its ends, with its
/// geometry as `<rtept>`s; a point where a step starts has the step's instruction as `<desc>`.
/// Element order follows the schema's sequences, so validating readers accept it.
public enum GPXExport {
    public static func gpx(stops: [MapItem], legs: [Route]) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="RouteIt" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>RouteIt trip</name>
            <copyright author="OpenStreetMap contributors">
              <license>https://opendatacommons.org/licenses/odbl/</license>
            </copyright>
            <link href="https://www.openstreetmap.org/copyright">
              <text>© OpenStreetMap contributors</text>
            </link>

        """
        if let box = TripGeometry.boundingBox(stops: stops, legs: legs) {
            out += "    <bounds minlat=\"\(ExportNumber.degrees(box.minLatitude))\" minlon=\"\(ExportNumber.degrees(box.minLongitude))\""
                + " maxlat=\"\(ExportNumber.degrees(box.maxLatitude))\" maxlon=\"\(ExportNumber.degrees(box.maxLongitude))\"/>\n"
        }
        out += "  </metadata>\n"
        for (index, stop) in stops.enumerated() {
            out += "  <wpt \(position(stop.coordinate))>\n"
            out += "    <name>\(XMLText.escape(stop.placemark.formattedAddress))</name>\n"
            out += "    <desc>Stop \(index + 1)</desc>\n"
            out += "  </wpt>\n"
        }
        for (index, leg) in legs.enumerated() {
            out += "  <rte>\n"
            out += "    <name>\(XMLText.escape(TripExportLeg.title(leg: index, stops: stops)))</name>\n"
            out += "    <desc>\(XMLText.escape(legSummary(leg)))</desc>\n"
            out += "    <number>\(index + 1)</number>\n"
            let path = leg.drawingPath
            let instructions = TripExportSteps.instructionsByPoint(leg, path: path)
            for (i, point) in path.enumerated() {
                guard let said = instructions[i] else {
                    out += "    <rtept \(position(point))/>\n"
                    continue
                }
                // A point where a step starts carries its instruction (what a GPS unit announces).
                out += "    <rtept \(position(point))>\n"
                out += "      <desc>\(XMLText.escape(said.joined(separator: "; ")))</desc>\n"
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
