/// The three OSM primitives as every reader (PBF, XML) hands them to the importer.
/// Tags are kept as an ordered list of pairs, as they appear in the file.
/// Coordinates are as the file gave them (NaN when missing): the importer checks their range.
public struct OSMNode: Equatable, Sendable {
    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var tags: [(String, String)]

    public init(id: Int64, latitude: Double, longitude: Double, tags: [(String, String)] = []) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }

    public static func == (a: OSMNode, b: OSMNode) -> Bool {
        a.id == b.id && a.latitude == b.latitude && a.longitude == b.longitude && a.tags.elementsEqual(b.tags, by: ==)
    }

    public func tag(_ key: String) -> String? { tags.first { $0.0 == key }?.1 }
}

public struct OSMWay: Equatable, Sendable {
    public var id: Int64
    public var nodeRefs: [Int64]
    public var tags: [(String, String)]

    public init(id: Int64, nodeRefs: [Int64], tags: [(String, String)] = []) {
        self.id = id
        self.nodeRefs = nodeRefs
        self.tags = tags
    }

    public static func == (a: OSMWay, b: OSMWay) -> Bool {
        a.id == b.id && a.nodeRefs == b.nodeRefs && a.tags.elementsEqual(b.tags, by: ==)
    }

    public func tag(_ key: String) -> String? { tags.first { $0.0 == key }?.1 }
}

public struct OSMMember: Equatable, Sendable {
    public enum Kind: String, Sendable { case node, way, relation }
    public var kind: Kind
    public var ref: Int64
    public var role: String

    public init(kind: Kind, ref: Int64, role: String) {
        self.kind = kind
        self.ref = ref
        self.role = role
    }
}

public struct OSMRelation: Equatable, Sendable {
    public var id: Int64
    public var members: [OSMMember]
    public var tags: [(String, String)]

    public init(id: Int64, members: [OSMMember], tags: [(String, String)] = []) {
        self.id = id
        self.members = members
        self.tags = tags
    }

    public static func == (a: OSMRelation, b: OSMRelation) -> Bool {
        a.id == b.id && a.members == b.members && a.tags.elementsEqual(b.tags, by: ==)
    }

    public func tag(_ key: String) -> String? { tags.first { $0.0 == key }?.1 }
}

/// One element of a stream, in file order (nodes, then ways, then relations in sorted files).
public enum OSMEntity: Equatable, Sendable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

/// Header facts a map remembers about its source.
public struct OSMFileInfo: Equatable, Sendable {
    public var minLatitude: Double?
    public var minLongitude: Double?
    public var maxLatitude: Double?
    public var maxLongitude: Double?
    /// osmosis_replication_timestamp or the XML's timestamp, seconds since 1970.
    public var timestamp: Int64?

    public init(minLatitude: Double? = nil, minLongitude: Double? = nil, maxLatitude: Double? = nil,
                maxLongitude: Double? = nil, timestamp: Int64? = nil) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
        self.timestamp = timestamp
    }
}

extension OSMFileInfo {
    /// Only what is plausible: bounds inside the world (all four or none), a timestamp
    /// between 1970 and 2200. Header values come from the file like everything else.
    public var checked: OSMFileInfo {
        var info = OSMFileInfo()
        if let a = minLatitude, let b = minLongitude, let c = maxLatitude, let d = maxLongitude,
           [a, c].allSatisfy({ $0.isFinite && abs($0) <= 90 }), [b, d].allSatisfy({ $0.isFinite && abs($0) <= 180 }),
           a <= c, b <= d {
            (info.minLatitude, info.minLongitude, info.maxLatitude, info.maxLongitude) = (a, b, c, d)
        }
        if let timestamp, (0...7_258_118_400).contains(timestamp) { info.timestamp = timestamp }
        return info
    }
}

/// Which primitives a pass wants; readers skip decoding the rest (a way pass need not
/// materialise millions of nodes).
public struct OSMEntityKinds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let nodes = OSMEntityKinds(rawValue: 1)
    public static let ways = OSMEntityKinds(rawValue: 2)
    public static let relations = OSMEntityKinds(rawValue: 4)
    public static let all: OSMEntityKinds = [.nodes, .ways, .relations]
}

/// A streaming source of OSM data. `read` may be called several times (multi-pass import).
public protocol OSMReader {
    var info: OSMFileInfo { get throws }
    func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws
    /// Elements the last `read` left out because their data was unusable (counted, not fatal).
    var skipped: SkippedElements { get }
}

extension OSMReader {
    public var skipped: SkippedElements { SkippedElements() }
}

/// What goes wrong reading OSM input; the message is one line for the user.
public struct OSMReadError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
