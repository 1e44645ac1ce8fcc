import Foundation

/// `maps get`, `maps list-remote` and `maps update`, for the one-shot tools and the shell alike:
/// reads a region index, downloads an extract (resuming a cut-off one), checks its published
/// MD5, has it imported, and installs the map atomically (the importer renames a complete map
/// over the old one, so a failure at any step leaves the installed map as it was).
public struct RegionMapInstaller {
    /// Geofabrik's index in its documented `index-v1.json` format, without the regions'
    /// boundaries (the `-nogeom` variant: the same properties, a small part of the size).
    public static let defaultIndexURL = URL(string: "https://download.geofabrik.de/index-v1-nogeom.json")!
    /// The environment variable that sets the index when `--index` is not given.
    public static let indexEnvironmentKey = "ROUTEIT_MAPS_INDEX"
    /// The largest index or checksum file read (Geofabrik's whole index with boundaries is ~3 MB).
    static let maxSmallFileBytes = 64 << 20

    public var indexURL: URL
    public var mapsDirectory: URL
    public var downloadsDirectory: URL
    public var client: HTTPDownloading
    public var fileSystem: DownloadFileSystem
    public var progress: MapDownloadProgress?
    public var stop: StopSignal?
    public var idleTimeout: TimeInterval
    /// Builds the map at `mapPath` from the OSM file `osmFile`, replacing it atomically.
    public var importMap: (_ osmFile: String, _ mapPath: String) throws -> Void

    public init(indexURL: URL, mapsDirectory: URL, downloadsDirectory: URL,
                client: HTTPDownloading = HTTPDownloadClient(), fileSystem: DownloadFileSystem = LocalDownloadFiles(),
                progress: MapDownloadProgress? = nil, stop: StopSignal? = nil, idleTimeout: TimeInterval = 30,
                importMap: @escaping (_ osmFile: String, _ mapPath: String) throws -> Void) {
        self.indexURL = indexURL
        self.mapsDirectory = mapsDirectory
        self.downloadsDirectory = downloadsDirectory
        self.client = client
        self.fileSystem = fileSystem
        self.progress = progress
        self.stop = stop
        self.idleTimeout = idleTimeout
        self.importMap = importMap
    }

    /// What `get` and `update` did.
    public struct Installed: Equatable {
        public var region: String
        public var mapPath: String
        public var bytes: Int64
        /// Bytes an earlier, cut-off attempt had already downloaded (0: none).
        public var resumedFrom: Int64
    }

    public enum UpdateOutcome: Equatable {
        case upToDate(RegionMapSource)
        case updated(Installed)
    }

    /// The index at `indexURL`, read and parsed.
    public func fetchIndex() throws -> RegionIndex {
        let address = indexURL.absoluteString
        let data: Data
        do {
            data = try fetchSmall(indexURL)
        } catch MapDownloadError.unreachable(_, let reason) {
            throw MapDownloadError.indexUnreachable(url: address, reason: reason)
        } catch MapDownloadError.notFound {
            throw MapDownloadError.indexUnreachable(url: address, reason: "HTTP 404")
        } catch MapDownloadError.httpStatus(_, let status) {
            throw MapDownloadError.indexUnreachable(url: address, reason: "HTTP \(status)")
        }
        do {
            return try RegionIndex.parse(data)
        } catch RegionIndex.ParseError.notJSON {
            throw MapDownloadError.indexNotJSON(url: address)
        } catch let RegionIndex.ParseError.notAnIndex(reason) {
            throw MapDownloadError.indexNotAnIndex(url: address, reason: reason)
        }
    }

    /// Downloads and installs the region `query` names (see `RegionIndex.region(named:)`) as
    /// `maps/NAME.routeit`; a map of that name is replaced only with `replacing`.
    public func get(_ query: String, replacing: Bool = false) throws -> Installed {
        let index = try fetchIndex()
        guard let region = index.region(named: query) else {
            throw MapDownloadError.unknownRegion(query, suggestions: index.suggestions(for: query).map(\.id))
        }
        let name = index.mapName(of: region)
        let mapPath = mapPath(forName: name)
        if !replacing, FileManager.default.fileExists(atPath: mapPath) {
            throw MapDownloadError.alreadyInstalled(name: name, path: mapPath, fetched: source(ofMap: name) != nil)
        }
        let md5 = try publishedMD5(of: region.pbfURL)
        let result = try download(region.pbfURL, md5: md5, ifModifiedSince: nil)!
        let source = RegionMapSource(regionID: region.id, regionName: region.name, url: region.pbfURL.absoluteString, md5: md5,
                                     lastModified: result.lastModified, fetched: Date())
        return try install(result, source: source, name: name)
    }

    /// Fetches the extract of the installed map `name` again when the server's checksum differs
    /// from the one it was built from (or the file is newer than its Last-Modified), and replaces
    /// the map atomically under the same name: trips saved on it keep opening and routing.
    public func update(_ name: String) throws -> UpdateOutcome {
        let name = name.lowercased()
        guard FileManager.default.fileExists(atPath: mapPath(forName: name)) else {
            throw MapDownloadError.notInstalled(name: name, installed: updatableNames())
        }
        guard let source = RegionMapSource.read(forMap: name, in: mapsDirectory),
              let url = URL(string: source.url) else {
            throw MapDownloadError.notFromIndex(name: name)
        }
        let md5 = try publishedMD5(of: url)
        if md5 == source.md5 { return .upToDate(source) }
        guard let result = try download(url, md5: md5, ifModifiedSince: source.lastModified) else { return .upToDate(source) }
        var newer = source
        newer.md5 = md5
        newer.lastModified = result.lastModified ?? source.lastModified
        newer.fetched = Date()
        return .updated(try install(result, source: newer, name: name))
    }

    /// The installed maps `update` can refresh (fetched with `get`), by name.
    public func updatableNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: mapsDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(".") && $0.hasSuffix(".source.json") }
            .map { String($0.dropFirst().dropLast(".source.json".count)) }
            .filter { FileManager.default.fileExists(atPath: mapPath(forName: $0)) }
            .sorted()
    }

    /// Where the map the source record of `name` describes came from (nil: not fetched by `get`).
    public func source(ofMap name: String) -> RegionMapSource? {
        RegionMapSource.read(forMap: name.lowercased(), in: mapsDirectory)
    }

    public func mapPath(forName name: String) -> String {
        mapsDirectory.appendingPathComponent(name + ".routeit").path
    }

    // MARK: steps

    /// The MD5 published beside the extract (`<url>.md5`: "hex  file-name").
    func publishedMD5(of url: URL) throws -> String {
        let address = url.absoluteString + ".md5"
        let data: Data
        do {
            data = try fetchSmall(URL(string: address) ?? url)
        } catch MapDownloadError.notFound {
            throw MapDownloadError.noPublishedMD5(url: address)
        }
        let word = String(decoding: data.prefix(4096), as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        guard word.count == 32, word.allSatisfy(\.isHexDigit) else { throw MapDownloadError.noPublishedMD5(url: address) }
        return word.lowercased()
    }

    private func download(_ url: URL, md5: String, ifModifiedSince: String?) throws -> ExtractDownload.Result? {
        try ExtractDownload(url: url, expectedMD5: md5, directory: downloadsDirectory, client: client, fileSystem: fileSystem,
                            progress: progress, stop: stop, idleTimeout: idleTimeout).run(ifModifiedSince: ifModifiedSince)
    }

    private func install(_ result: ExtractDownload.Result, source: RegionMapSource, name: String) throws -> Installed {
        let mapPath = mapPath(forName: name)
        do {
            try FileManager.default.createDirectory(at: mapsDirectory, withIntermediateDirectories: true)
        } catch {
            throw MapDownloadError.writeFailed(path: mapsDirectory.path, reason: UserFacingFileError.reason(error))
        }
        // The importer writes beside the map and renames over it only when complete.
        try importMap(result.path, mapPath)
        do {
            try source.write(forMap: name, in: mapsDirectory)
        } catch {
            throw MapDownloadError.writeFailed(path: RegionMapSource.path(forMap: name, in: mapsDirectory).path,
                                               reason: UserFacingFileError.reason(error))
        }
        try? FileManager.default.removeItem(atPath: result.path)
        return Installed(region: source.regionID, mapPath: mapPath, bytes: result.bytes, resumedFrom: result.resumedFrom)
    }

    /// A small file (the index, a checksum) in memory, capped.
    private func fetchSmall(_ url: URL) throws -> Data {
        var data = Data()
        do {
            try client.fetch(DownloadRequest(url: url, idleTimeout: idleTimeout), stop: stop, head: { head in
                guard head.status != 404 && head.status != 410 else { throw MapDownloadError.notFound(url: url.absoluteString) }
                guard (200...299).contains(head.status) else { throw MapDownloadError.httpStatus(url: url.absoluteString, status: head.status) }
            }, body: { bytes in
                guard data.count + bytes.count <= Self.maxSmallFileBytes else {
                    throw RemoteError.invalidResponse(host: url.hostDescription, reason: HTTPResponseParser.tooLarge(Self.maxSmallFileBytes))
                }
                data.append(contentsOf: bytes)
            })
        } catch let error as MapDownloadError {
            throw error
        } catch RemoteError.cancelled {
            throw CancellationError()
        } catch let error as RemoteError {
            throw MapDownloadError.unreachable(host: url.hostDescription, reason: error.reason)
        }
        return data
    }
}
