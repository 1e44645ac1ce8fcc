import Foundation
import RouteItCore

extension RouteItMap {
    /// The area the map covers, named after its source extract (`Helsinki.osm.pbf` → "Helsinki");
    /// nil when the map has no bounding box. Its country (when the data says) sets its clock.
    public var area: MapArea? {
        guard let bounds = boundingBox else { return nil }
        return MapArea(name: displayName, bounds: bounds, countryCode: metadata[MapSchema.Key.countryCode].flatMap(CountryVote.code))
    }

    /// "Helsinki", "Monaco": the source extract's name (else the file's), first letter capitalised.
    public var displayName: String {
        let source = sourceFile ?? URL(fileURLWithPath: path).lastPathComponent
        var name = source
        let suffixes = [".routeit", ".pbf", ".osm", ".xml", ".bz2", ".gz"]
        while let suffix = suffixes.first(where: { name.lowercased().hasSuffix($0) }) { name.removeLast(suffix.count) }
        guard let first = name.first else { return "unnamed" }
        // Both halves as String: adding a Substring is the generic `+`, whose first use in a
        // process costs a quarter of a million instructions of runtime type lookups.
        return first.uppercased() + String(name.dropFirst())
    }

    /// The date of the data: the PBF header's replication timestamp, when the extract has one.
    public var dataDate: Date? {
        metadata[MapSchema.Key.sourceTimestamp].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))
    }

    public var importDate: Date? {
        metadata[MapSchema.Key.importDate].flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    /// The travel modes the map can route: those whose graph was written.
    public var modes: [TransportType] {
        guard let sections = try? sections() else { return [] }
        // Each mode's graph is a set of sections named after it (ModeGraph's `<mode>.nodeCount`).
        return TransportType.allCases.filter { sections.has("\($0.rawValue).nodeCount") }
    }
}
