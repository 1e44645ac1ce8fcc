/// Joins a boundary relation's member ways into closed rings, as osm2pgsql and Nominatim do:
/// ways meeting end to end (either way round) until each ring is back at its first node.
/// nil when a way is left dangling or a ring does not close: an extract cuts a country's
/// outline, and a cut outline taken as whole would put half the map in it.
enum RingJoiner {
    static func rings(_ ways: [[Int64]]) -> [[Int64]]? {
        guard !ways.isEmpty, ways.allSatisfy({ $0.count >= 2 }) else { return nil }
        // The open ways by their end nodes, so a relation of thousands of ways joins in linear time.
        var used = [Bool](repeating: false, count: ways.count)
        var byEnd: [Int64: [Int]] = [:]
        for (i, way) in ways.enumerated() where way.first != way.last {
            byEnd[way.first!, default: []].append(i)
            byEnd[way.last!, default: []].append(i)
        }
        var rings: [[Int64]] = []
        for start in ways.indices where !used[start] {
            used[start] = true
            var ring = ways[start]
            while ring.first != ring.last {
                guard let next = byEnd[ring.last!]?.first(where: { !used[$0] }) else { return nil }
                used[next] = true
                let way = ways[next]
                ring += (way.first == ring.last ? way : way.reversed()).dropFirst()
            }
            // A ring needs three corners and its first node again.
            guard ring.count >= 4 else { return nil }
            rings.append(ring)
        }
        return rings
    }
}
