/// How coarse an answer a reverse lookup wants, as Nominatim's `zoom` asks it: the address at
/// a point, its street, the neighbourhood or suburb it lies in, or its town. The map draws no
/// regions or country outlines, so anything coarser than a town is answered with the town.
public enum ReverseDetail: Sendable, Equatable {
    case address, street, neighbourhood, suburb, town

    /// Nominatim's zoom levels as its server answers them: 18 a building, 16-17 the street, 15
    /// the smallest named part of the town, 13-14 the suburb, 12 and less the town (its 3-9,
    /// country, state and county, are outlines the map does not have).
    public init(nominatimZoom zoom: Int) {
        switch zoom {
        case 18...: self = .address
        case 16...17: self = .street
        case 15: self = .neighbourhood
        case 13...14: self = .suburb
        default: self = .town
        }
    }

    /// A zoom as given in text (`zoom=14`, `--zoom 14`): a whole number from 0, larger than 18
    /// read as 18, as Nominatim reads it; nil for anything else.
    public init?(nominatimZoomText text: String) {
        guard let zoom = Int(text), zoom >= 0 else { return nil }
        self.init(nominatimZoom: zoom)
    }

    /// The zoom a Nominatim server is asked for this detail (the town at 10, its city level).
    public var nominatimZoom: Int {
        switch self {
        case .address: 18
        case .street: 17
        case .neighbourhood: 15
        case .suburb: 14
        case .town: 10
        }
    }
}

/// A geocoder that answers a reverse lookup at a coarser detail than the address (the map's
/// own: `routeit serve`'s Nominatim `/reverse?zoom=`).
public protocol DetailedReverseGeocoding: Sendable {
    /// The place of `detail` at `coordinate`, as Nominatim answers a zoom: what contains the
    /// point at that detail, else the next coarser thing that does (a district with no district
    /// node near is answered with the town), else what is at the point; nil when nothing is near.
    func reverseGeocode(_ coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark?
}

extension Geocoding {
    /// The place at `coordinate` at `detail`: the one question `routeit reverse --zoom` and
    /// serve's `/reverse?zoom=` ask. A geocoder that answers only addresses answers with the
    /// address.
    public func place(at coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark? {
        guard detail != .address, let detailed = self as? any DetailedReverseGeocoding else {
            return try await reverseGeocode(coordinate)
        }
        return try await detailed.reverseGeocode(coordinate, detail: detail)
    }
}
