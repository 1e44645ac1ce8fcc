import Foundation
import RouteItCore

/// A point stored compactly: degrees × 1e7 as Int32 (1 cm resolution).
struct GeoPoint: Equatable {
    var lat: Int32
    var lon: Int32
    init(lat: Int32, lon: Int32) { self.lat = lat; self.lon = lon }
    init(_ c: Coordinate) {
        lat = Int32((c.latitude * 1e7).rounded())
        lon = Int32((c.longitude * 1e7).rounded())
    }
    var coordinate: Coordinate { Coordinate(latitude: Double(lat) / 1e7, longitude: Double(lon) / 1e7) }
    var latitude: Double { Double(lat) / 1e7 }
    var longitude: Double { Double(lon) / 1e7 }
}

/// Per-edge flags.
struct EdgeFlags {
    static let carForward: UInt8 = 1
    static let carBackward: UInt8 = 2
    static let foot: UInt8 = 4
    static let roundabout: UInt8 = 8
    /// Cars only to reach a place on it (see `RoadProfile.carRestricted`).
    static let carRestricted: UInt8 = 16
    /// No car trip starts or ends here (see `RoadProfile.carEndpoint`).
    static let carNoEndpoint: UInt8 = 32
}

/// The road graph shared by both modes: junctions are nodes, the pieces of ways between
/// junctions are edges (structure of arrays, index = edge id). Travel times are whole
/// milliseconds so the CH and the reference search add up exactly the same numbers.
struct RoadNetwork {
    var nodeCount: Int
    var edgeFrom: [Int32]
    var edgeTo: [Int32]
    var edgeLength: [Float]          // metres
    var edgeClass: [UInt8]           // RoadClass raw value
    var edgeFlags: [UInt8]
    var edgeCarMs: [UInt32]          // car travel time, both directions (0 = no car)
    var edgeFootMs: [UInt32]
    var edgeName: [Int32]            // index into names
    var edgeWay: [Int64]             // OSM way id
    var geometryStart: [UInt32]      // edgeCount + 1 offsets into geometry
    var geometry: [GeoPoint]
    var names: [String]

    var edgeCount: Int { edgeFrom.count }

    func points(of edge: Int) -> ArraySlice<GeoPoint> {
        geometry[Int(geometryStart[edge])..<Int(geometryStart[edge + 1])]
    }

    func allows(_ edge: Int, _ mode: TransportType) -> Bool {
        switch mode {
        case .car: return edgeFlags[edge] & (EdgeFlags.carForward | EdgeFlags.carBackward) != 0
        case .walk: return edgeFlags[edge] & EdgeFlags.foot != 0
        }
    }

    /// Travel time of the whole edge in `mode`, ms.
    func weight(_ edge: Int, _ mode: TransportType) -> UInt32 {
        mode == .car ? edgeCarMs[edge] : edgeFootMs[edge]
    }

    func allows(_ edge: Int, forward: Bool, _ mode: TransportType) -> Bool {
        switch mode {
        case .car: return edgeFlags[edge] & (forward ? EdgeFlags.carForward : EdgeFlags.carBackward) != 0
        case .walk: return edgeFlags[edge] & EdgeFlags.foot != 0
        }
    }

    func name(of edge: Int) -> String { names[Int(edgeName[edge])] }

    // Edge direction k: edge k >> 1, from→to when k is even.
    /// The junction edge direction `k` leaves.
    func tail(ofDirection k: Int) -> Int { Int(k & 1 == 0 ? edgeFrom[k >> 1] : edgeTo[k >> 1]) }
    /// The junction edge direction `k` arrives at.
    func head(ofDirection k: Int) -> Int { Int(k & 1 == 0 ? edgeTo[k >> 1] : edgeFrom[k >> 1]) }
    /// Whether `mode` may drive edge direction `k`.
    func allows(direction k: Int, _ mode: TransportType) -> Bool { allows(k >> 1, forward: k & 1 == 0, mode) }

    /// Whether a trip in `mode` may start or end on the edge.
    func isEndpoint(_ edge: Int, _ mode: TransportType) -> Bool {
        allows(edge, mode) && (mode != .car || edgeFlags[edge] & EdgeFlags.carNoEndpoint == 0)
    }

    /// Driving from `edge` onto `next` enters a road closed to through traffic.
    func entersRestricted(from edge: Int, to next: Int) -> Bool {
        edgeFlags[next] & EdgeFlags.carRestricted != 0 && edgeFlags[edge] & EdgeFlags.carRestricted == 0
    }

    static func travelMs(metres: Double, kmh: Double) -> UInt32 {
        guard kmh > 0 else { return 0 }
        return max(1, UInt32((metres / (kmh / 3.6) * 1000).rounded()))
    }

    // MARK: storage

    func write(to db: SQLiteDatabase) throws {
        try BlobStore.write([Int64(nodeCount)], named: "net.nodeCount", to: db)
        try BlobStore.write(edgeFrom, named: "net.from", to: db)
        try BlobStore.write(edgeTo, named: "net.to", to: db)
        try BlobStore.write(edgeLength, named: "net.length", to: db)
        try BlobStore.write(edgeClass, named: "net.class", to: db)
        try BlobStore.write(edgeFlags, named: "net.flags", to: db)
        try BlobStore.write(edgeCarMs, named: "net.carMs", to: db)
        try BlobStore.write(edgeFootMs, named: "net.footMs", to: db)
        try BlobStore.write(edgeName, named: "net.name", to: db)
        try BlobStore.write(edgeWay, named: "net.way", to: db)
        try BlobStore.write(geometryStart, named: "net.geomStart", to: db)
        try BlobStore.write(geometry, named: "net.geometry", to: db)
        try BlobStore.writeStrings(names, named: "net.names", to: db)
    }

    static func read(from db: SQLiteDatabase) throws -> RoadNetwork {
        let n = try BlobStore.require(Int64.self, named: "net.nodeCount", from: db)
        let net = RoadNetwork(
            nodeCount: Int(n.first ?? 0),
            edgeFrom: try BlobStore.require(Int32.self, named: "net.from", from: db),
            edgeTo: try BlobStore.require(Int32.self, named: "net.to", from: db),
            edgeLength: try BlobStore.require(Float.self, named: "net.length", from: db),
            edgeClass: try BlobStore.require(UInt8.self, named: "net.class", from: db),
            edgeFlags: try BlobStore.require(UInt8.self, named: "net.flags", from: db),
            edgeCarMs: try BlobStore.require(UInt32.self, named: "net.carMs", from: db),
            edgeFootMs: try BlobStore.require(UInt32.self, named: "net.footMs", from: db),
            edgeName: try BlobStore.require(Int32.self, named: "net.name", from: db),
            edgeWay: try BlobStore.require(Int64.self, named: "net.way", from: db),
            geometryStart: try BlobStore.require(UInt32.self, named: "net.geomStart", from: db),
            geometry: try BlobStore.require(GeoPoint.self, named: "net.geometry", from: db),
            names: try BlobStore.readStrings(named: "net.names", from: db))
        let e = net.edgeFrom.count
        guard net.edgeTo.count == e, net.edgeLength.count == e, net.edgeClass.count == e, net.edgeFlags.count == e,
              net.edgeCarMs.count == e, net.edgeFootMs.count == e, net.edgeName.count == e, net.edgeWay.count == e,
              net.geometryStart.count == e + 1, Int(net.geometryStart.last ?? 0) == net.geometry.count else {
            throw DirectionsErrorMessage("the map's road graph is inconsistent; re-import it")
        }
        return net
    }
}
