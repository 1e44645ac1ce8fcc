import RouteItCore

/// The trip as an SVG picture: the same projection as the terminal map (north up, cos-latitude
/// scaled), grey roads, legs in blue, green, red (cycling), numbered pins whose `<title>` is
/// the stop's address (a tooltip in browsers), and the OSM attribution.
public enum SVGExport {
    public static let width = 800.0
    public static let height = 600.0
    public static let margin = 40.0
    public static let legColours = ["#1565c0", "#2e7d32", "#c62828"]
    public static let roadColour = "#b5b5b5"

    /// Where the picture puts each coordinate; nil for an empty trip.
    public static func projection(stops: [MapItem], legs: [Route]) -> MapProjection? {
        TripGeometry.boundingBox(stops: stops, legs: legs).map {
            MapProjection(fitting: $0, width: width, height: height, margin: margin)
        }
    }

    /// `roads` come from `MapBackdropProviding` for `projection(...).visibleBox`.
    public static func svg(stops: [MapItem], legs: [Route], roads: [[Coordinate]]) -> String {
        let w = ExportNumber.format(width, decimals: 0), h = ExportNumber.format(height, decimals: 0)
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
          <title>RouteIt trip</title>
          <rect width="100%" height="100%" fill="#ffffff"/>

        """
        if let projection = projection(stops: stops, legs: legs) {
            func points(_ path: [Coordinate]) -> String {
                path.map { c in
                    let p = projection.point(c)
                    return "\(ExportNumber.format(p.x, decimals: 3)),\(ExportNumber.format(p.y, decimals: 3))"
                }.joined(separator: " ")
            }
            out += "  <g id=\"roads\" fill=\"none\" stroke=\"\(roadColour)\" stroke-width=\"1\">\n"
            for road in roads where road.count >= 2 {
                out += "    <polyline points=\"\(points(road))\"/>\n"
            }
            out += "  </g>\n"
            out += "  <g id=\"legs\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-opacity=\"0.9\">\n"
            for (index, leg) in legs.enumerated() {
                let path = leg.drawingPath
                guard !path.isEmpty else { continue }
                // Round trips reuse streets: earlier legs are drawn wider so a later leg on the
                // same street leaves them visible as a border.
                let width = min(3 + 2 * (legs.count - 1 - index), 11)
                out += "    <polyline class=\"leg\" data-leg=\"\(index + 1)\" stroke=\"\(legColours[index % legColours.count])\" stroke-width=\"\(width)\" points=\"\(points(path))\">"
                out += "<title>\(XMLText.escape(TripExportLeg.title(leg: index, stops: stops)))</title></polyline>\n"
            }
            out += "  </g>\n"
            out += "  <g id=\"stops\" font-family=\"sans-serif\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">\n"
            for (index, stop) in stops.enumerated() {
                let p = projection.point(stop.coordinate)
                let x = ExportNumber.format(p.x, decimals: 3), y = ExportNumber.format(p.y, decimals: 3)
                out += "    <g class=\"pin\" data-stop=\"\(index + 1)\">"
                out += "<title>\(XMLText.escape(stop.placemark.formattedAddress))</title>"
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"9\" fill=\"#ffffff\" stroke=\"#222222\" stroke-width=\"2\"/>"
                out += "<text x=\"\(x)\" y=\"\(y)\" dy=\"4\">\(index + 1)</text></g>\n"
            }
            out += "  </g>\n"
        }
        out += "  <text x=\"\(ExportNumber.format(width - 8, decimals: 0))\" y=\"\(ExportNumber.format(height - 8, decimals: 0))\" "
            + "font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"end\" fill=\"#333333\">\(MapAttribution.text)</text>\n"
        return out + "</svg>\n"
    }
}
