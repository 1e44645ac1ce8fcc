import Foundation

/// One region of an extract index: Geofabrik's `index-v1.json` feature properties.
public struct Region: Sendable, Equatable {
    /// `monaco`, `us/california`: unique in the index.
    public var id: String
    public var parent: String?
    /// `Monaco`, `California`: the usually English long name.
    public var name: String
    public var pbfURL: URL
    /// The replication diffs (`urls.updates`), when published.
    public var updatesURL: URL?
    /// ISO 3166-1 alpha-2 and 3166-2 codes (`MC`, `US-CA`).
    public var isoCodes: [String]

    public init(id: String, parent: String? = nil, name: String, pbfURL: URL, updatesURL: URL? = nil, isoCodes: [String] = []) {
        self.id = id
        self.parent = parent
        self.name = name
        self.pbfURL = pbfURL
        self.updatesURL = updatesURL
        self.isoCodes = isoCodes
    }

    /// The id's last part (`us/california` → `california`), in letters, digits, `-` and `_`
    /// only: what the installed map is called unless another region shares it.
    public var mapName: String { Self.safeName(String(id.split(separator: "/").last ?? Substring(id))) }

    /// `text` lowercased, with anything but letters, digits, `-` and `_` dropped (an index's
    /// words become a file name: never `..` or a path).
    static func safeName(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
        return kept.isEmpty ? "region" : String(String.UnicodeScalarView(kept))
    }
}

/// Geofabrik's region index (`index-v1.json`, documented on its technical page): a GeoJSON
/// FeatureCollection whose features' properties are `id`, `parent`, `name`, `urls.pbf`,
/// `urls.updates` and `iso3166-1:alpha2` / `iso3166-2`. Features without a `.pbf` are skipped.
public struct RegionIndex: Sendable {
    public var regions: [Region]

    public init(regions: [Region]) { self.regions = regions }

    public enum ParseError: Error, Equatable {
        case notJSON
        case notAnIndex(String)
    }

    public static func parse(_ data: Data) throws -> RegionIndex {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw ParseError.notJSON }
        guard let collection = root as? [String: Any], collection["type"] as? String == "FeatureCollection",
              let features = collection["features"] as? [Any] else {
            throw ParseError.notAnIndex("not a GeoJSON FeatureCollection")
        }
        var regions: [Region] = []
        for case let feature as [String: Any] in features {
            guard let properties = feature["properties"] as? [String: Any],
                  let id = properties["id"] as? String, !id.isEmpty,
                  let urls = properties["urls"] as? [String: Any],
                  let pbf = (urls["pbf"] as? String).flatMap(URL.init(string:)), pbf.scheme != nil else { continue }
            let iso = ["iso3166-1:alpha2", "iso3166-2"].flatMap { properties[$0] as? [String] ?? [] }
            regions.append(Region(id: id, parent: properties["parent"] as? String, name: properties["name"] as? String ?? id,
                                  pbfURL: pbf, updatesURL: (urls["updates"] as? String).flatMap(URL.init(string:)), isoCodes: iso))
        }
        guard !regions.isEmpty else { throw ParseError.notAnIndex("no region with a .osm.pbf extract") }
        return RegionIndex(regions: regions)
    }

    /// The region `query` names: its id (`us/california`), the id's last part (`california`),
    /// its name (`California`) or an ISO code (`US-CA`), ignoring case. A last part or name that
    /// two regions share (Georgia) names neither: the full id is needed.
    public func region(named query: String) -> Region? {
        let wanted = query.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = regions.first(where: { $0.id.lowercased() == wanted }) { return exact }
        for key in [{ $0.mapName }, { $0.name.lowercased() }] as [(Region) -> String] {
            let found = regions.filter { key($0) == wanted }
            if found.count == 1 { return found[0] }
        }
        let byCode = regions.filter { $0.isoCodes.contains { $0.lowercased() == wanted } }
        return byCode.count == 1 ? byCode[0] : nil
    }

    /// What `region`'s installed map is called: the id's last part (`california`), or the whole
    /// id (`us-georgia`) when another region's ends the same (the country Georgia).
    public func mapName(of region: Region) -> String {
        regions.contains { $0.id != region.id && $0.mapName == region.mapName }
            ? Region.safeName(region.id.replacingOccurrences(of: "/", with: "-")) : region.mapName
    }

    /// Up to `limit` regions whose id or name is close to `query`: containing it, or a few
    /// letters away (a typo), closest first.
    public func suggestions(for query: String, limit: Int = 3) -> [Region] {
        let wanted = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else { return [] }
        let scored = regions.compactMap { region -> (Int, Region)? in
            let keys = [region.id.lowercased(), region.mapName, region.name.lowercased()]
            if keys.contains(where: { $0.contains(wanted) }) { return (0, region) }
            let distance = keys.map { Self.editDistance($0, wanted) }.min() ?? .max
            return distance <= max(1, wanted.count / 3) ? (distance, region) : nil
        }
        return scored.sorted { ($0.0, $0.1.id.count, $0.1.id) < ($1.0, $1.1.id.count, $1.1.id) }.prefix(limit).map(\.1)
    }

    /// Regions whose id, name or ISO codes contain `filter` (all without one), by id.
    public func matching(_ filter: String?) -> [Region] {
        let wanted = filter?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let found = wanted.isEmpty ? regions : regions.filter {
            $0.id.lowercased().contains(wanted) || $0.name.lowercased().contains(wanted)
                || $0.isoCodes.contains { $0.lowercased() == wanted }
        }
        return found.sorted { $0.id < $1.id }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
