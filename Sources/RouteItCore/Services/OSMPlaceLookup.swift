/// Places by the OSM objects they were read from (Nominatim's `/lookup?osm_ids=N1,W2`), for a
/// geocoder whose map keeps them.
public protocol OSMPlaceLookup: Sendable {
    /// The places read from `references`, in the order asked; an object the map does not have
    /// as a place is left out (and all are, on a map that keeps no OSM ids).
    func places(_ references: [OSMReference]) async throws -> [Placemark]
}
