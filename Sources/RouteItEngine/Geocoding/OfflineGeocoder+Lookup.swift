import RouteItCore

extension OfflineGeocoder: OSMPlaceLookup {
    public func places(_ references: [OSMReference]) async throws -> [Placemark] { try lookup(references) }

    /// The rows whose `osm` is one of `references`, in the order asked. The column has no index
    /// (it would cost the map a tenth more bytes per place for a rare question): one scan of
    /// `place` answers the whole list.
    func lookup(_ references: [OSMReference]) throws -> [Placemark] {
        guard keepsOSM, !references.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let list = Array(Set(references.map(\.packed))).sorted()
        let statement = try map.database.prepare("""
            SELECT \(PlaceTable.selectList(keepsOSM: true)) FROM place p
            WHERE p.osm IN (\(list.map { _ in "?" }.joined(separator: ",")))
            """)
        var found: [OSMReference: PlaceRow] = [:]
        for row in try rows(statement, list.map { .int($0) }) {
            // One object may stand for more than one row (an outline with two addresses): the first.
            if let osm = row.osm, found[osm] == nil { found[osm] = row }
        }
        var seen = Set<OSMReference>()
        return try references.compactMap { reference in
            guard seen.insert(reference).inserted, let row = found[reference] else { return nil }
            return try placemark(row)
        }
    }
}
