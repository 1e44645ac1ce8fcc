import Foundation
import RouteItCore

/// Where maps live and how `--map` is resolved: the default Helsinki map under
/// `$XDG_DATA_HOME/routeit/maps` (imported on first use from the Helsinki extract), a `.routeit`
/// file, or an OSM file imported on the fly into a cache.
public struct MapLibrary {
    public static let defaultMapName = "helsinki.routeit"
    /// What `--map` and `use` call the default map.
    public static let defaultName = "helsinki"
    public static let defaultOSMFile = "Helsinki.osm.pbf"

    /// `$XDG_DATA_HOME/routeit` (default `~/.local/share/routeit`).
    public var dataDirectory: URL { xdg(dataHome, ".local/share").appendingPathComponent("routeit") }
    /// `$XDG_CACHE_HOME/routeit/maps` (default `~/.cache/routeit/maps`): maps of `--map FILE.osm.pbf`.
    public var cacheDirectory: URL { xdg(cacheHome, ".cache").appendingPathComponent("routeit/maps") }

    /// The variables the folders come from, made into URLs when asked: a map named by its path
    /// needs neither folder, and making them cost 400,000 instructions of a cold route.
    private let home: String?, dataHome: String?, cacheHome: String?

    /// `$XDG_…` when it is absolute (the XDG spec ignores relative values), else `~/fallback`.
    private func xdg(_ value: String?, _ fallback: String) -> URL {
        if let value, value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return URL(fileURLWithPath: home ?? NSHomeDirectory()).appendingPathComponent(fallback)
    }
    /// The checkout whose `.data/osm` is searched too: given, or found when first needed (finding
    /// it resolves the executable's path, which a command that opens a named map never needs).
    private let repositoryRootChoice: RepositoryRootChoice

    private enum RepositoryRootChoice {
        case given(URL?)
        case found
    }

    /// Where the default map's source extract is looked for, in order.
    public var osmDirectories: [URL] {
        var osm = [dataDirectory.appendingPathComponent("osm")]
        let root: URL?
        switch repositoryRootChoice {
        case .given(let url): root = url
        case .found: root = Self.repositoryRoot()
        }
        if let root { osm.append(root.appendingPathComponent(".data/osm")) }
        return osm
    }

    /// The environment variables a library reads.
    public static let variables = ["HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"]

    public var mapsDirectory: URL { dataDirectory.appendingPathComponent("maps") }
    public var defaultMapPath: String { mapsDirectory.appendingPathComponent(Self.defaultMapName).path }

    /// The library of this user and this build's checkout.
    public init(environment: [String: String] = ProcessEnvironment.variables(named: MapLibrary.variables)) {
        self.init(environment: environment, rootChoice: .found)
    }

    /// The library of this user, with `repositoryRoot` (nil: none) as the checkout.
    public init(environment: [String: String] = ProcessEnvironment.variables(named: MapLibrary.variables), repositoryRoot: URL?) {
        self.init(environment: environment, rootChoice: .given(repositoryRoot))
    }

    private init(environment: [String: String], rootChoice: RepositoryRootChoice) {
        home = environment["HOME"]
        dataHome = environment["XDG_DATA_HOME"]
        cacheHome = environment["XDG_CACHE_HOME"]
        repositoryRootChoice = rootChoice
    }

    /// Opens the map `path` names (nil: the default map), importing an OSM file or the missing
    /// default map first.
    public func open(path: String? = nil, progress: ImportProgressReporting? = nil) throws -> RouteItMap {
        try RouteItMap(path: resolve(path: path, progress: progress))
    }

    /// The `.routeit` file behind `path`, imported if needed. `path` may also name an installed
    /// map (`monaco`); a file of that name in the current directory wins.
    public func resolve(path: String?, progress: ImportProgressReporting? = nil) throws -> String {
        guard let path else { return try defaultMap(progress: progress) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if !exists || isDirectory.boolValue, Self.isMapName(path) {
            if let installed = installedPath(named: path) { return installed }
            if path.lowercased() == Self.defaultName { return try defaultMap(progress: progress) }
            throw MapImportError(unknownNameMessage(path))
        }
        guard exists else { throw RouteItMapError.missing(path) }
        guard Self.isOSMFile(path) else { return path }
        do {
            return try cachedImport(of: path, progress: progress)
        } catch let error as OSMReadError where !Self.isNamedLikeOSM(path) {
            // Neither a map nor OSM data: say so rather than only why it is not OSM.
            throw MapImportError("\(path) is neither a RouteIt map nor an OSM file (\(error))")
        }
    }

    /// The default map, imported from the Helsinki extract when it is missing, or re-imported
    /// when it was written by a routeit of another map schema.
    public func defaultMap(progress: ImportProgressReporting? = nil) throws -> String {
        let mapPath = defaultMapPath
        let source = osmDirectories.map { $0.appendingPathComponent(Self.defaultOSMFile).path }
            .first(where: FileManager.default.fileExists(atPath:))
        if FileManager.default.fileExists(atPath: mapPath) {
            do {
                _ = try RouteItMap(path: mapPath)
                return mapPath
            } catch RouteItMapError.otherSchemaVersion where source != nil {
                // Fall through: rebuild it from the extract.
            }
        }
        guard let source else {
            throw MapImportError("no map at \(mapPath) and no \(Self.defaultOSMFile) in "
                + osmDirectories.map(\.path).joined(separator: " or ") + ": run Scripts/install-maps")
        }
        try MapImporter(progress: progress).importMap(osmFile: source, to: mapPath)
        return mapPath
    }

    // MARK: installed maps

    /// Every `.routeit` file in the maps directory, by name.
    public func installedMaps() -> [InstalledMap] {
        installedPaths().map(InstalledMap.init(path:))
    }

    /// The installed map called `name` (case-insensitive), nil when there is none.
    public func installedPath(named name: String) -> String? {
        let wanted = name.lowercased().hasSuffix(".routeit") ? String(name.dropLast(8)) : name
        return installedPaths().first { Self.mapName(ofPath: $0).lowercased() == wanted.lowercased() }
    }

    /// The `.routeit` file `choice` (a `--map` value; nil: the default map) stands for, without
    /// importing anything; nil when it is an OSM file or names nothing.
    public func currentPath(for choice: String?) -> String? {
        guard let choice else { return defaultMapPath }
        if Self.isMapName(choice), !FileManager.default.fileExists(atPath: choice) {
            return installedPath(named: choice) ?? (choice.lowercased() == Self.defaultName ? defaultMapPath : nil)
        }
        return Self.isOSMFile(choice) ? nil : choice
    }

    /// Where `routeit import` puts a map called `name`.
    public func installPath(forName name: String) -> String {
        mapsDirectory.appendingPathComponent(name + ".routeit").path
    }

    /// Why `choice` (a `--map` value) names no map, without opening or importing anything; nil
    /// when it names an installed map, the default one or an existing file (`resolve`'s rules).
    public func unknownChoiceMessage(_ choice: String) -> String? {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: choice, isDirectory: &isDirectory)
        if !exists || isDirectory.boolValue, Self.isMapName(choice) {
            if installedPath(named: choice) != nil || choice.lowercased() == Self.defaultName { return nil }
            return unknownNameMessage(choice)
        }
        if exists && !isDirectory.boolValue { return nil }
        return "no map at \(choice); give an installed map's name (routeit maps lists them) or a .routeit or OSM file"
    }

    /// `no map named "paris"; installed: helsinki, monaco (routeit maps lists them)`.
    public func unknownNameMessage(_ name: String) -> String {
        let names = installedPaths().map(Self.mapName(ofPath:))
        let installed = names.isEmpty ? "none is installed (routeit maps get REGION or routeit import FILE.osm.pbf installs one)"
            : "installed: " + names.joined(separator: ", ")
        return "no map named \"\(name)\" and no such file; \(installed)"
    }

    /// A word that can only be a map's name: no directory part and no OSM extension.
    public static func isMapName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("/") && !isNamedLikeOSM(text) && !text.hasPrefix(".")
    }

    /// How a trip remembers the map it was planned on: `default`, an installed map's name, or the
    /// file's full path.
    public static func label(forChoice choice: String?) -> String {
        guard let choice else { return "default" }
        if isMapName(choice), !FileManager.default.fileExists(atPath: choice) { return choice.lowercased() }
        return URL(fileURLWithPath: (choice as NSString).expandingTildeInPath).standardizedFileURL.path
    }

    /// `…/maps/monaco.routeit` → `monaco`.
    public static func mapName(ofPath path: String) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        return file.lowercased().hasSuffix(".routeit") ? String(file.dropLast(8)) : file
    }

    private func installedPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: mapsDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".routeit") && !$0.hasPrefix(".") }.sorted()
            .map { mapsDirectory.appendingPathComponent($0).path }
    }

    static func isNamedLikeOSM(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".pbf") || lower.hasSuffix(".osm") || lower.hasSuffix(".xml")
    }

    /// OSM input by name or by content: not an SQLite file and named like OSM data.
    static func isOSMFile(_ path: String) -> Bool {
        if RouteItMap.hasSQLiteHeader(path) { return false }
        let lower = path.lowercased()
        return lower.hasSuffix(".pbf") || lower.hasSuffix(".osm") || lower.hasSuffix(".xml") || !lower.hasSuffix(".routeit")
    }

    /// An OSM file's map in the cache, keyed by its path, size and modification time.
    private func cachedImport(of osmFile: String, progress: ImportProgressReporting?) throws -> String {
        let url = URL(fileURLWithPath: osmFile).standardizedFileURL
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = Self.fnv1a("\(url.path)|\(size)|\(modified)")
        let mapPath = cacheDirectory.appendingPathComponent("\(Self.stem(of: url.lastPathComponent))-\(String(key, radix: 16)).routeit").path
        if (try? RouteItMap(path: mapPath)) != nil { return mapPath }
        try MapImporter(progress: progress).importMap(osmFile: url.path, to: mapPath)
        return mapPath
    }

    /// `Helsinki.osm.pbf` → `helsinki`. A map's name is a file name and a `--map` word: letters,
    /// digits, `-` and `_`, anything else between them one `-` (`.hidden.osm` installed a map
    /// `maps` never listed; a newline in the name broke its table).
    public static func stem(of fileName: String) -> String {
        var name = fileName.lowercased()
        for suffix in [".pbf", ".osm", ".xml"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        let words = name.unicodeScalars.split { !(CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        let safe = words.map { String(String.UnicodeScalarView($0)) }.joined(separator: "-")
        return safe.isEmpty ? "map" : safe
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The source checkout this binary was built in (its `.data/osm` holds fetched extracts):
    /// found from the executable's location, else from this file's compile-time path.
    public static func repositoryRoot(file: StaticString = #filePath) -> URL? {
        func walkUp(from start: URL) -> URL? {
            var dir = start
            for _ in 0..<8 {
                if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
            return nil
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return walkUp(from: executable) ?? walkUp(from: URL(fileURLWithPath: "\(file)").deletingLastPathComponent())
    }
}
