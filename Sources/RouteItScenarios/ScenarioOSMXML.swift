import RouteItEngine

/// A scenario's data as the `.osm` file OSRM's support code writes for osrm-extract.
enum ScenarioOSMXML {
    static func document(_ entities: [OSMEntity]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm generator=\"routeit-scenarios\" version=\"0.6\">\n"
        for entity in entities {
            switch entity {
            case .node(let n):
                out += "  <node id=\"\(n.id)\" version=\"1\" uid=\"1\" user=\"osrm\" timestamp=\"2000-01-01T00:00:00Z\" lon=\"\(n.longitude)\" lat=\"\(n.latitude)\""
                out += n.tags.isEmpty ? "/>\n" : ">\n" + tags(n.tags) + "  </node>\n"
            case .way(let w):
                out += "  <way id=\"\(w.id)\" version=\"1\" uid=\"1\" user=\"osrm\" timestamp=\"2000-01-01T00:00:00Z\">\n"
                for ref in w.nodeRefs { out += "    <nd ref=\"\(ref)\"/>\n" }
                out += tags(w.tags) + "  </way>\n"
            case .relation(let r):
                out += "  <relation id=\"\(r.id)\" version=\"1\" uid=\"1\" user=\"osrm\" timestamp=\"2000-01-01T00:00:00Z\">\n"
                for m in r.members {
                    out += "    <member type=\"\(m.kind.rawValue)\" ref=\"\(m.ref)\"" + (m.role.isEmpty ? "" : " role=\"\(escape(m.role))\"") + "/>\n"
                }
                out += tags(r.tags) + "  </relation>\n"
            }
        }
        return out + "</osm>\n"
    }

    private static func tags(_ tags: [(String, String)]) -> String {
        tags.map { "    <tag k=\"\(escape($0.0))\" v=\"\(escape($0.1))\"/>\n" }.joined()
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
