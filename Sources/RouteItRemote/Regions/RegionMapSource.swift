import Foundation

/// Where an installed map came from, kept beside it (`maps/.NAME.source.json`) so `maps update`
/// knows what to fetch and whether the server has something newer.
public struct RegionMapSource: Codable, Equatable, Sendable {
    public var regionID: String
    public var regionName: String
    public var url: String
    /// The published MD5 of the extract the map was built from.
    public var md5: String
    /// The extract's Last-Modified, sent back as If-Modified-Since.
    public var lastModified: String?
    public var fetched: Date

    static func path(forMap name: String, in mapsDirectory: URL) -> URL {
        mapsDirectory.appendingPathComponent(".\(name).source.json")
    }

    /// The map `name` is no longer the region's (an import replaced it): `maps update` must not
    /// fetch the region over it, nor `maps list-remote` star the region.
    public static func forget(forMap name: String, in mapsDirectory: URL) {
        try? FileManager.default.removeItem(at: path(forMap: name.lowercased(), in: mapsDirectory))
    }

    static func read(forMap name: String, in mapsDirectory: URL) -> RegionMapSource? {
        guard let data = try? Data(contentsOf: path(forMap: name, in: mapsDirectory)) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(RegionMapSource.self, from: data)
    }

    func write(forMap name: String, in mapsDirectory: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: Self.path(forMap: name, in: mapsDirectory), options: .atomic)
    }
}
