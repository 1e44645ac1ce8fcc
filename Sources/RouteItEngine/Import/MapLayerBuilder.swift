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

/// The coordinates recorded in pass 2, for the node ids the layers asked for.
public struct NodeCoordinates {
    public private(set) var storage: [Int64: Coordinate] = [:]
    public init() {}
    public mutating func record(_ id: Int64, _ coordinate: Coordinate) { storage[id] = coordinate }
    public func coordinate(of id: Int64) -> Coordinate? { storage[id] }
    public var count: Int { storage.count }
}
