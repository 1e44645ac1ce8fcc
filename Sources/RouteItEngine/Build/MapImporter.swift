import Foundation
import RouteItSQLite
import RouteItCore

/// What goes wrong importing; the message is one line for the user.
public struct MapImportError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Turns an OSM stream into a `.routeit` map: two streaming passes (ways and relations, then the
/// nodes the layers asked for), then every layer writes its tables. The map is built in a
/// temporary file next to the destination and renamed over it only when complete, so a failed or
/// interrupted import never damages an existing map. The progress reporter can stop it at any
/// progress step (`isImportCancelled`).
public final class MapImporter {
    private let layers: [MapLayerBuilder]
    private let progress: ImportProgressReporting?
    /// Pass-1/2 progress is reported every this many elements.
    private let reportEvery = 20_000
    /// The phase in progress, for the cancellation report.
    private var phase = ""
    /// Whether pass 1 may run a `MapLayerCollectingApart` layer on a thread of its own (tests
    /// compare with it off), and whether the last import did.
    var collectsApart = true
    private(set) var collectedApart = false

    /// `layers` must be fresh instances (they keep what they collect); `DefaultLayers.make()`.
    public init(layers: [MapLayerBuilder] = DefaultLayers.make(), progress: ImportProgressReporting? = nil) {
        self.layers = layers
        self.progress = progress
    }

    /// Imports `reader` into `destination`. `sourceName` is what the map remembers as its source.
    @discardableResult
    public func importMap(from reader: OSMReader, sourceName: String, to destination: String) throws -> ImportSummary {
        let started = Date()
        let destinationURL = URL(fileURLWithPath: destination)
        let directory = destinationURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw MapImportError("cannot create \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(destinationURL.lastPathComponent).\(getpid()).importing").path
        removeStaleTemporaries(of: destinationURL)
        removeFile(temporary)
        defer {
            removeFile(temporary); removeFile(temporary + "-journal"); removeFile(temporary + "-sections"); removeFile(temporary + "-packed")
        }

        do {
            return try importMap(from: reader, sourceName: sourceName, temporary: temporary, to: destination, startedAt: started)
        } catch is CancellationError {
            progress?.importCancelled(during: phase)
            throw CancellationError()
        }
    }

    private func importMap(from reader: OSMReader, sourceName: String, temporary: String, to destination: String,
                           startedAt: Date) throws -> ImportSummary {
        let info = try reader.info.checked
        var summary = ImportSummary(destination: destination, nodes: 0, ways: 0, relations: 0, coordinatesKept: 0, seconds: 0)
        let coordinates = try readPasses(reader, summary: &summary)
        guard summary.nodes + summary.ways + summary.relations > 0 else {
            throw MapImportError("\(sourceName) contains no OSM data")
        }

        for case let layer as MapLayerPreparing in layers { layer.prepare(coordinates: coordinates) }
        let sections = try MapSectionWriter(scratchPath: temporary + "-sections")
        let packed = temporary + "-packed"
        removeFile(packed)
        do {
            let db = try SQLiteDatabase(path: temporary, mode: .create)
            try db.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA application_id=\(MapSchema.applicationID);")
            try db.transaction {
                try writeMetadata(db, info: info, sourceName: sourceName, coordinates: coordinates)
                for layer in layers {
                    try begin(layer.phaseName)
                    let layerProgress: (Double) throws -> Void = { fraction in
                        try self.report(fraction: min(1, max(0, fraction)), items: 0)
                    }
                    if let layer = layer as? MapSectionLayerBuilder {
                        try layer.write(to: db, sections: sections, coordinates: coordinates, progress: layerProgress)
                    } else {
                        try layer.write(to: db, coordinates: coordinates, progress: layerProgress)
                    }
                    if let skipping = layer as? MapLayerSkipping { summary.skipped.add(skipping.skipped) }
                    progress?.importPhaseFinished(layer.phaseName, summary: (layer as? MapLayerSummarizing)?.writtenSummary ?? "written")
                    ImportMemoryTrace.mark("layer \(layer.phaseName) written")
                }
            }
            try begin("finishing")
            try db.execute("ANALYZE; PRAGMA user_version=\(MapSchema.version);")
            // The layers write rows and index entries in the order they meet them, which leaves
            // a tenth of the pages empty; a copy written table by table fills them (3 bytes a
            // node less on a country's map). Same rows, ids and header values.
            try db.execute("VACUUM INTO '\(packed.replacingOccurrences(of: "'", with: "''"))'")
            progress?.importPhaseFinished("finishing", summary: "done")
            ImportMemoryTrace.mark("transaction committed, analyzed, packed")
        }
        guard rename(packed, temporary) == 0 else {
            throw MapImportError("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        // The connection is closed here (db released): the fixed-layout sections go after its pages.
        try sections.append(to: temporary)
        ImportMemoryTrace.mark("sections appended")
        guard rename(temporary, destination) == 0 else {
            throw MapImportError("cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        summary.seconds = Date().timeIntervalSince(startedAt)
        return summary
    }

    private func readPasses(_ reader: OSMReader, summary: inout ImportSummary) throws -> NodeCoordinates {
        var needed = NeededNodes()
        let need: (Int64) -> Void = { needed.insert($0) }
        var ways = 0, relations = 0
        // With a second core, a layer that may collect apart does so on a thread of its own.
        let apartLayer = collectsApart && layers.count > 1 && ProcessInfo.processInfo.activeProcessorCount > 1
            ? layers.first { $0 is MapLayerCollectingApart } : nil
        let apart = apartLayer.map(ApartCollection.init)
        collectedApart = apart != nil
        defer { apart?.stop() }
        let here = layers.filter { $0 !== apartLayer }
        try begin("reading ways")
        try reader.read([.ways, .relations]) { entity in
            switch entity {
            case .way(let way):
                ways += 1
                for layer in here { try layer.collect(way: way, needNode: need) }
            case .relation(let relation):
                relations += 1
                for layer in here { try layer.collect(relation: relation, needNode: need) }
            case .node:
                break
            }
            apart?.add(entity)
            if (ways + relations) % reportEvery == 0 { try report(fraction: nil, items: ways + relations) }
        }
        if let apart { for id in try apart.finish() { needed.insert(id) } }
        summary.skipped.add(reader.skipped)
        progress?.importPhaseFinished("reading ways", summary: "\(ways) ways, \(relations) relations")
        let neededIDs = needed.finish()
        needed = NeededNodes()
        ImportMemoryTrace.mark("pass 1 (ways, relations): \(neededIDs.count) nodes needed")

        var coordinates = NodeCoordinates(needed: neededIDs)
        let neededCount = neededIDs.count
        var nodes = 0
        var badCoordinates = 0
        try begin("reading nodes")
        try reader.read(.nodes) { entity in
            guard case .node(let node) = entity else { return }
            nodes += 1
            let coordinate = Coordinate(latitude: node.latitude, longitude: node.longitude)
            guard coordinate.isValid else {
                badCoordinates += 1
                return
            }
            // A repeated id is not visited again either: its first copy is the node.
            if coordinates.record(node.id, coordinate) != .repeated, !node.tags.isEmpty {
                for layer in layers { try layer.visit(node: node) }
            }
            // The share of requested coordinates found so far tracks the position in the file
            // (requested nodes are spread through it) without knowing the file's node count.
            if nodes % reportEvery == 0 {
                try report(fraction: neededCount == 0 ? nil : Double(coordinates.count) / Double(neededCount), items: nodes)
            }
        }
        summary.skipped.add(reader.skipped)
        summary.skipped.count(.nodeWithBadCoordinates, badCoordinates)
        summary.skipped.count(.repeatedNodeID, coordinates.repeated)
        progress?.importPhaseFinished("reading nodes", summary: "\(nodes) nodes, \(coordinates.count) kept")
        ImportMemoryTrace.mark("pass 2 (nodes): \(coordinates.count) coordinates kept")
        summary.nodes = nodes
        summary.ways = ways
        summary.relations = relations
        summary.coordinatesKept = coordinates.count
        return coordinates
    }

    private func begin(_ phase: String) throws {
        self.phase = phase
        if progress?.isImportCancelled == true { throw CancellationError() }
        progress?.importPhaseStarted(phase)
    }

    private func report(fraction: Double?, items: Int) throws {
        if progress?.isImportCancelled == true { throw CancellationError() }
        progress?.importProgress(fraction: fraction, items: items)
    }

    private func writeMetadata(_ db: SQLiteDatabase, info: OSMFileInfo, sourceName: String, coordinates: NodeCoordinates) throws {
        try db.execute("CREATE TABLE metadata(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        let insert = try db.prepare("INSERT INTO metadata(key, value) VALUES (?, ?)")
        var values: [(String, String)] = [
            (MapSchema.Key.schemaVersion, String(MapSchema.version)),
            (MapSchema.Key.sourceFile, sourceName),
            (MapSchema.Key.importDate, ISO8601DateFormatter().string(from: Date())),
            (MapSchema.Key.attribution, MapSchema.attribution),
        ]
        // The header's bbox when it has one, else the bbox of the coordinates kept.
        var box = (info.minLatitude, info.minLongitude, info.maxLatitude, info.maxLongitude)
        if box.0 == nil || box.1 == nil || box.2 == nil || box.3 == nil, let all = coordinates.bounds {
            box = (all.minLatitude, all.minLongitude, all.maxLatitude, all.maxLongitude)
        }
        if let a = box.0, let b = box.1, let c = box.2, let d = box.3 {
            values += [(MapSchema.Key.minLatitude, String(a)), (MapSchema.Key.minLongitude, String(b)),
                       (MapSchema.Key.maxLatitude, String(c)), (MapSchema.Key.maxLongitude, String(d))]
        }
        if let timestamp = info.timestamp { values.append((MapSchema.Key.sourceTimestamp, String(timestamp))) }
        for (key, value) in values { try insert.run([.text(key), .text(value)]) }
    }

    /// Temporary files of imports that were killed (their process is gone): never the map itself.
    private func removeStaleTemporaries(of destination: URL) {
        let directory = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && [".importing", ".importing-journal", ".importing-sections", ".importing-packed"].contains(where: name.hasSuffix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            removeFile(directory.appendingPathComponent(name).path)
        }
    }

    private func removeFile(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
    }
}
