import RouteItCore

/// A route's name, like MapKit's: its two longest streets, longest first.
enum RouteName {
    static func of(_ legs: [RouteLeg], net: RoadNetwork) -> String {
        var byName: [(String, Double)] = []
        for leg in legs {
            let n = net.name(of: leg.edge)
            if n.isEmpty { continue }
            if let i = byName.firstIndex(where: { $0.0 == n }) { byName[i].1 += leg.distance } else { byName.append((n, leg.distance)) }
        }
        return byName.sorted { $0.1 > $1.1 }.prefix(2).map(\.0).joined(separator: ", ")
    }
}
