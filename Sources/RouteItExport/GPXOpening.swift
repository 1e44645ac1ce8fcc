import RouteItCore

/// The start of every GPX file RouteIt writes, up to its open `<metadata>`: the GPX 1.1 root and
/// the OpenStreetMap credit (the trip export and the driven track alike).
enum GPXOpening {
    /// `namespace`: one more `xmlns:` attribute on the root, e.g. RouteIt's trip extensions.
    static func text(name: String, namespace: String? = nil) -> String {
        let extra = namespace.map { $0 + " " } ?? ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="RouteIt" xmlns="http://www.topografix.com/GPX/1/1" \
        \(extra)xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>\(name)</name>
            <copyright author="OpenStreetMap contributors">
              <license>https://opendatacommons.org/licenses/odbl/</license>
            </copyright>
            <link href="https://www.openstreetmap.org/copyright">
              <text>\(MapAttribution.text)</text>
            </link>

        """
    }
}
