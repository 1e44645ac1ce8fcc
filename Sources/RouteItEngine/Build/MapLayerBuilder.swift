import RouteItCore
import RouteItSQLite

/// One layer of a map (road graph, addresses/POIs, ...) as the importer builds it.
///
/// The importer streams the OSM file twice: pass 1 hands every way and relation to each layer,
/// which asks for the node coordinates it will need; pass 2 reads nodes, keeps only the requested
/// coordinates (memory bounded by the data kept) and hands tagged nodes to `visit(node:)`.
/// Then each layer writes its own tables inside the importer's transaction.
public protocol MapLayerBuilder: AnyObject {
    /// Shown in the progress bar ("roads", "addresses").
    var phaseName: String { get }
    /// Pass 1. Call `needNode` for every node whose coordinate `write` will need.
    func collect(way: OSMWay, needNode: (Int64) -> Void) throws
    func collect(relation: OSMRelation, needNode: (Int64) -> Void) throws
    /// Pass 2: every node that has tags (its coordinate is recorded for everyone regardless).
    func visit(node: OSMNode) throws
    /// Writes the layer's tables. `progress` takes 0...1.
    func write(to db: SQLiteDatabase, coordinates: NodeCoordinates, progress: (Double) throws -> Void) throws
}

/// A layer that also stores fixed-layout arrays (the road graph) in the map's memory-mapped
/// sections (`MapSections`). The importer calls this instead of `write(to:coordinates:progress:)`.
public protocol MapSectionLayerBuilder: MapLayerBuilder {
    func write(to db: SQLiteDatabase, sections: MapSectionWriter, coordinates: NodeCoordinates,
               progress: (Double) throws -> Void) throws
}

/// A layer with work that needs no database (building a graph, say): the importer calls
/// `prepare` after pass 2 and before any layer writes, so the layer may start that work on a
/// thread of its own while the layers before it write their tables. `write` then waits for it.
public protocol MapLayerPreparing: MapLayerBuilder {
    func prepare(coordinates: NodeCoordinates)
}

/// A layer whose pass 1 shares nothing with the other layers' but the nodes it asks for: on a
/// machine with a second core the importer runs it on a thread of its own (`ApartCollection`).
public protocol MapLayerCollectingApart: MapLayerBuilder {}

/// The coordinates recorded in pass 2, for the node ids the layers asked for: the ids sorted, a
/// point (1e-7 degrees, as OSM stores them) beside each. 16 bytes a node where a dictionary of
/// `Coordinate`s took 40 to 60 with its empty buckets, and a region has tens of millions.
public struct NodeCoordinates {
    private var ids: [Int64] = []
    private var points: [GeoPoint] = []
    /// Whether any id may be recorded (else only the ids asked for, given at init).
    private let open: Bool
    /// Where the next id is expected: nodes come in id order in a sorted file.
    private var cursor = 0
    public private(set) var count = 0

    private static let missing = GeoPoint(lat: .min, lon: .min)

    /// Takes any id `record` is given.
    public init() { open = true }

    /// Keeps only the coordinates of `needed` (sorted, without repeats).
    init(needed: [Int64]) {
        open = false
        ids = needed
        points = [GeoPoint](repeating: Self.missing, count: needed.count)
    }

    /// What `record` did with a node.
    public enum Recorded: Equatable { case kept, notNeeded, repeated }

    /// Nodes given again after their id had a coordinate (`Recorded.repeated`), left out.
    public private(set) var repeated = 0

    /// Keeps `id`'s coordinate if it was asked for. A file that gives an id twice (two extracts
    /// concatenated, a hand-edited file) keeps its first: a later copy moved the way's node, and
    /// the map's area with it, as far as the copy was, silently.
    @discardableResult
    public mutating func record(_ id: Int64, _ coordinate: Coordinate) -> Recorded {
        let i = cursor < ids.count && ids[cursor] == id ? cursor : Self.lowerBound(id, in: ids)
        if i < ids.count && ids[i] == id {
            cursor = i + 1
            guard points[i] == Self.missing else { repeated += 1; return .repeated }
            count += 1
            points[i] = GeoPoint(coordinate)
            return .kept
        } else if open {
            ids.insert(id, at: i)
            points.insert(GeoPoint(coordinate), at: i)
            count += 1
            cursor = i + 1
            return .kept
        }
        return .notNeeded
    }

    public func coordinate(of id: Int64) -> Coordinate? {
        let i = Self.lowerBound(id, in: ids)
        guard i < ids.count, ids[i] == id, points[i] != Self.missing else { return nil }
        return points[i].coordinate
    }

    /// The box of every coordinate recorded (nil when none).
    var bounds: (minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double)? {
        var lo = GeoPoint(lat: .max, lon: .max), hi = GeoPoint(lat: .min, lon: .min)
        for p in points where p != Self.missing {
            lo = GeoPoint(lat: min(lo.lat, p.lat), lon: min(lo.lon, p.lon))
            hi = GeoPoint(lat: max(hi.lat, p.lat), lon: max(hi.lon, p.lon))
        }
        guard count > 0 else { return nil }
        return (lo.latitude, lo.longitude, hi.latitude, hi.longitude)
    }

    private static func lowerBound(_ id: Int64, in sorted: [Int64]) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// The node ids the layers ask for in pass 1, sorted and without repeats. Ways share nodes and
/// layers ask for the same ones, so requests go to a small buffer that is merged in when full:
/// 8 bytes a node, where a `Set<Int64>` took 16 with its empty buckets.
struct NeededNodes {
    private(set) var sorted: [Int64] = []
    private var pending: [Int64] = []
    private let bufferSize: Int

    init(bufferSize: Int = 1 << 20) { self.bufferSize = bufferSize }

    mutating func insert(_ id: Int64) {
        pending.append(id)
        if pending.count >= bufferSize { merge() }
    }

    /// Every id asked for, sorted (the buffer merged in).
    mutating func finish() -> [Int64] {
        merge()
        pending = []
        return sorted
    }

    var isEmpty: Bool { sorted.isEmpty && pending.isEmpty }

    private mutating func merge() {
        guard !pending.isEmpty else { return }
        pending.sort()
        var merged: [Int64] = []
        merged.reserveCapacity(sorted.count + pending.count)
        var i = 0, j = 0
        while i < sorted.count || j < pending.count {
            let next: Int64
            if j == pending.count || (i < sorted.count && sorted[i] <= pending[j]) {
                next = sorted[i]; i += 1
            } else {
                next = pending[j]; j += 1
            }
            if merged.last != next { merged.append(next) }
        }
        sorted = merged
        pending.removeAll(keepingCapacity: true)
    }
}
