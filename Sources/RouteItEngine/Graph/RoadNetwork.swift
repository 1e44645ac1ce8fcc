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
    /// Walked only along the edge / only against it (see `RoadProfile.footForwardOnly`).
    static let footForwardOnly: UInt8 = 64
    static let footBackwardOnly: UInt8 = 128
}

/// The second byte of per-edge flags (`RoadNetwork.edgeSecondFlags`; `EdgeFlags`' bits are all
/// taken): the bicycle's travel, ferries and trains of every mode, turn lanes, ends at the map's edge
/// (its bits are all taken now too).
struct SecondEdgeFlags {
    /// The bicycle is pushed (walked) along the edge's direction / against it.
    static let pushForward: UInt8 = 1
    static let pushBackward: UInt8 = 2
    static let ferry: UInt8 = 4
    /// No bicycle trip starts or ends here (ferries).
    static let noEndpoint: UInt8 = 8
    /// A railway the bicycle is taken on (OSRM's mode `train`).
    static let train: UInt8 = 16
    /// The way has turn lanes (`turn:lanes`) driving along it, or against it (OSRM's lane data).
    static let turnLanesForward: UInt8 = 32
    static let turnLanesBackward: UInt8 = 64
    /// One end of the edge is where its way leaves the extract (a cut end: the road goes on
    /// beyond the map), for saying so when a car turns round there (`RouteLeg.turnRoundAtMapEdge`).
    static let reachesMapEdge: UInt8 = 128
}

/// The road graph shared by all modes: junctions are nodes, the pieces of ways between
/// junctions are edges (structure of arrays, index = edge id). Travel times are whole
/// milliseconds so the CH and the reference search add up exactly the same numbers.
struct RoadNetwork {
    var nodeCount: Int
    var edgeFrom: Column<Int32>
    var edgeTo: Column<Int32>
    var edgeLength: Column<Float>          // metres
    var edgeClass: Column<UInt8>           // RoadClass raw value
    var edgeFlags: Column<UInt8>
    var edgeCarMs: Column<UInt32>          // car travel time along the edge (0 = no car)
    /// Car travel time against the edge (`maxspeed:backward` and the like); empty on maps made
    /// before directions had speeds of their own, where `edgeCarMs` serves both.
    var edgeCarBackwardMs: Column<UInt32> = []
    var edgeFootMs: Column<UInt32>
    /// Bicycle travel time along the edge's direction and against it (0 = not by bicycle).
    var edgeBikeForwardMs: Column<UInt32> = []
    var edgeBikeBackwardMs: Column<UInt32> = []
    var edgeSecondFlags: Column<UInt8> = []
    var edgeName: Column<Int32>            // index into names
    var edgeWay: Column<Int64>             // OSM way id
    var edgeAvoid: Column<UInt8>           // RoadAvoidance raw value: the classes a trip may avoid
    /// The way's lane count as OSRM's guidance reads it (`LaneCount`, 0 = unknown); stored only
    /// when some way has one (empty = all unknown).
    var edgeLanes: Column<UInt8> = []
    /// The car's turn lanes of the edges that have them (OSRM's `lanes`).
    var turnLanes = EdgeTurnLanes()
    var geometryStart: Column<UInt32>      // edgeCount + 1 offsets into geometry
    var geometry: Column<GeoPoint>
    /// Each geometry point's OSM node id.
    var nodeIds: GeometryNodeIds
    var names: StringColumn
    /// Per entry of `names`: the way's `ref` ("" when none; empty column on maps made before refs
    /// were kept apart).
    var refs: StringColumn

    var edgeCount: Int { edgeFrom.count }

    /// The edge's points (at least two on an undamaged map).
    @inline(__always)
    func points(of edge: Int) -> Column<GeoPoint> {
        let a = Int(geometryStart[edge]), b = Int(geometryStart[edge + 1])
        guard a < b else { MapDamage.report(); return geometry[0..<0] }
        return geometry[a..<b]
    }

    @inline(__always)
    func allows(_ edge: Int, _ mode: TransportType) -> Bool {
        switch mode {
        case .car: return edgeFlags[edge] & (EdgeFlags.carForward | EdgeFlags.carBackward) != 0
        case .walk: return edgeFlags[edge] & EdgeFlags.foot != 0
        case .bike: return edgeBikeForwardMs[edge] != 0 || edgeBikeBackwardMs[edge] != 0
        }
    }

    /// Travel time of the whole edge in `mode`, ms (a bicycle's along the edge's direction when
    /// it may ride that way, else against it: use `weight(_:forward:_:)` for bicycles).
    @inline(__always)
    func weight(_ edge: Int, _ mode: TransportType) -> UInt32 {
        switch mode {
        case .car: return edgeCarMs[edge]
        case .walk: return edgeFootMs[edge]
        case .bike: return edgeBikeForwardMs[edge] != 0 ? edgeBikeForwardMs[edge] : edgeBikeBackwardMs[edge]
        }
    }

    /// Travel time of the whole edge in `mode` in one direction, ms.
    @inline(__always)
    func weight(_ edge: Int, forward: Bool, _ mode: TransportType) -> UInt32 {
        switch mode {
        case .bike: return forward ? edgeBikeForwardMs[edge] : edgeBikeBackwardMs[edge]
        case .car where !forward && edgeCarBackwardMs.count == edgeCount: return edgeCarBackwardMs[edge]
        default: return weight(edge, mode)
        }
    }

    @inline(__always)
    func allows(_ edge: Int, forward: Bool, _ mode: TransportType) -> Bool {
        switch mode {
        case .car: return edgeFlags[edge] & (forward ? EdgeFlags.carForward : EdgeFlags.carBackward) != 0
        case .walk:
            let flags = edgeFlags[edge]
            return flags & EdgeFlags.foot != 0 && flags & (forward ? EdgeFlags.footBackwardOnly : EdgeFlags.footForwardOnly) == 0
        case .bike: return (forward ? edgeBikeForwardMs[edge] : edgeBikeBackwardMs[edge]) != 0
        }
    }

    /// Whether a bicycle is pushed along edge direction `k` (walking speed, "push your bike").
    @inline(__always)
    func isPushed(direction k: Int) -> Bool {
        edgeSecondFlags[k >> 1] & (k & 1 == 0 ? SecondEdgeFlags.pushForward : SecondEdgeFlags.pushBackward) != 0
    }

    @inline(__always)
    func isFerry(_ edge: Int) -> Bool { edgeSecondFlags[edge] & SecondEdgeFlags.ferry != 0 }
    func reachesMapEdge(_ edge: Int) -> Bool { edgeSecondFlags[edge] & SecondEdgeFlags.reachesMapEdge != 0 }

    /// Flags the edges with an end at one of `cutEnds` (`SecondEdgeFlags.reachesMapEdge`).
    mutating func markEdges(reachingMapEdgeAt cutEnds: Set<Int32>) {
        guard !cutEnds.isEmpty else { return }
        for e in 0..<edgeCount where cutEnds.contains(edgeFrom[e]) || cutEnds.contains(edgeTo[e]) {
            edgeSecondFlags[e] |= SecondEdgeFlags.reachesMapEdge
        }
    }
    @inline(__always)
    func isTrain(_ edge: Int) -> Bool { edgeSecondFlags[edge] & SecondEdgeFlags.train != 0 }

    /// OSRM's lane count of the edge's way (0 = unknown).
    @inline(__always)
    func lanes(of edge: Int) -> Int { edge < edgeLanes.count ? Int(edgeLanes[edge]) : 0 }

    @inline(__always)
    func name(of edge: Int) -> String { names[Int(edgeName[edge])] }

    /// The edge's name and ref apart, for guidance that compares roads as OSRM does.
    @inline(__always)
    func label(of edge: Int) -> StreetLabel {
        let i = Int(edgeName[edge])
        let shown = names[i]
        guard refs.count == names.count else { return StreetLabel(name: shown, ref: "") }
        let ref = refs[i]
        // `names` holds the name, else the ref: a label equal to its ref has no name of its own.
        return StreetLabel(name: shown == ref ? "" : shown, ref: ref)
    }

    // Edge direction k: edge k >> 1, from→to when k is even.
    /// The junction edge direction `k` leaves.
    @inline(__always)
    func tail(ofDirection k: Int) -> Int { Int(k & 1 == 0 ? edgeFrom[k >> 1] : edgeTo[k >> 1]) }
    /// The junction edge direction `k` arrives at.
    @inline(__always)
    func head(ofDirection k: Int) -> Int { Int(k & 1 == 0 ? edgeTo[k >> 1] : edgeFrom[k >> 1]) }
    /// Whether `mode` may drive edge direction `k`.
    @inline(__always)
    func allows(direction k: Int, _ mode: TransportType) -> Bool { allows(k >> 1, forward: k & 1 == 0, mode) }

    /// Whether a trip in `mode` may start or end on the edge.
    func isEndpoint(_ edge: Int, _ mode: TransportType) -> Bool {
        switch mode {
        case .car: return allows(edge, mode) && edgeFlags[edge] & EdgeFlags.carNoEndpoint == 0
        // foot.lua starts only where it walks (`WayHandlers.startpoint`): not on a ferry.
        case .walk: return allows(edge, mode) && !isFerry(edge)
        case .bike: return allows(edge, mode) && edgeSecondFlags[edge] & SecondEdgeFlags.noEndpoint == 0
        }
    }

    /// Driving from `edge` onto `next` enters a road closed to through traffic.
    func entersRestricted(from edge: Int, to next: Int) -> Bool {
        edgeFlags[next] & EdgeFlags.carRestricted != 0 && edgeFlags[edge] & EdgeFlags.carRestricted == 0
    }

    /// Whole milliseconds, at least 1, at most `maxEdgeMs` (far above any plausible edge, far
    /// below overflowing the UInt32 sums of a route), whatever lengths and speeds the data gave.
    static func travelMs(metres: Double, kmh: Double) -> UInt32 {
        guard kmh > 0 else { return 0 }
        let ms = (metres / (kmh / 3.6) * 1000).rounded()
        guard ms.isFinite, ms < Double(maxEdgeMs) else { return ms.isNaN ? 1 : maxEdgeMs }
        return max(1, UInt32(max(0, ms)))
    }

    static func travelMs(deciseconds: Double) -> UInt32 {
        UInt32(min(max(1, deciseconds) * 100, Double(maxEdgeMs)))
    }

    static let maxEdgeMs: UInt32 = 1 << 30

    // MARK: storage

    /// Whether a car's time against an edge's direction differs from its time along it anywhere
    /// a car may go against it: only then are the backward times stored (4 bytes an edge), and a
    /// map without them reads `carMs` both ways.
    var needsCarBackwardTimes: Bool {
        edgeCarBackwardMs.count == edgeCount
            && (0..<edgeCount).contains { allows($0, forward: false, .car) && edgeCarBackwardMs[$0] != edgeCarMs[$0] }
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write([Int64(nodeCount)], named: "net.nodeCount")
        try sections.write(edgeFrom, named: "net.from")
        try sections.write(edgeTo, named: "net.to")
        try sections.write(edgeLength, named: "net.length")
        try sections.write(edgeClass, named: "net.class")
        try sections.write(edgeFlags, named: "net.flags")
        try sections.write(edgeCarMs, named: "net.carMs")
        if needsCarBackwardTimes { try sections.write(edgeCarBackwardMs, named: "net.carBackwardMs") }
        try sections.write(edgeFootMs, named: "net.footMs")
        try sections.write(edgeBikeForwardMs, named: "net.bikeForwardMs")
        try sections.write(edgeBikeBackwardMs, named: "net.bikeBackwardMs")
        try sections.write(edgeSecondFlags, named: "net.bikeFlags")
        try sections.write(edgeName, named: "net.name")
        try sections.write(edgeWay, named: "net.way")
        try sections.write(edgeAvoid, named: "net.avoid")
        if edgeLanes.count == edgeCount && edgeLanes.contains(where: { $0 != 0 }) { try sections.write(edgeLanes, named: "net.lanes") }
        try turnLanes.write(to: sections)
        try sections.write(geometryStart, named: "net.geomStart")
        try sections.write(geometry, named: "net.geometry")
        try nodeIds.write(to: sections)
        try names.write(named: "net.names", to: sections)
        try refs.write(named: "net.refs", to: sections)
    }

    /// Maps the network; checks only what costs nothing (counts), values are checked on use.
    static func read(from sections: MapSections) throws -> RoadNetwork {
        let n: Column<Int64> = try sections.column("net.nodeCount")
        var net = RoadNetwork(
            nodeCount: Int(n.first ?? 0),
            edgeFrom: try sections.column("net.from"),
            edgeTo: try sections.column("net.to"),
            edgeLength: try sections.column("net.length"),
            edgeClass: try sections.column("net.class"),
            edgeFlags: try sections.column("net.flags"),
            edgeCarMs: try sections.column("net.carMs"),
            edgeFootMs: try sections.column("net.footMs"),
            edgeBikeForwardMs: try sections.column("net.bikeForwardMs"),
            edgeBikeBackwardMs: try sections.column("net.bikeBackwardMs"),
            edgeSecondFlags: try sections.column("net.bikeFlags"),
            edgeName: try sections.column("net.name"),
            edgeWay: try sections.column("net.way"),
            edgeAvoid: try sections.column("net.avoid"),
            geometryStart: try sections.column("net.geomStart"),
            geometry: try sections.column("net.geometry"),
            nodeIds: GeometryNodeIds(bytes: [], blockStart: []),
            names: try StringColumn.read(named: "net.names", from: sections),
            refs: sections.has("net.refs.offsets") ? try StringColumn.read(named: "net.refs", from: sections) : StringColumn([]))
        if sections.has("net.carBackwardMs") {
            net.edgeCarBackwardMs = try sections.column("net.carBackwardMs")
            guard net.edgeCarBackwardMs.count == net.edgeFrom.count else { throw MapSectionsError.damaged }
        }
        if sections.has("net.lanes") {
            net.edgeLanes = try sections.column("net.lanes")
            guard net.edgeLanes.count == net.edgeFrom.count else { throw MapSectionsError.damaged }
        }
        let e = net.edgeFrom.count
        net.turnLanes = try EdgeTurnLanes.read(from: sections, edgeCount: e)
        net.nodeIds = try GeometryNodeIds.read(from: sections, edgeCount: e)
        guard n.count == 1, net.nodeCount >= 0, net.nodeCount < Int32.max,
              net.edgeTo.count == e, net.edgeLength.count == e, net.edgeClass.count == e, net.edgeFlags.count == e,
              net.edgeCarMs.count == e, net.edgeFootMs.count == e, net.edgeAvoid.count == e,
              net.edgeBikeForwardMs.count == e, net.edgeBikeBackwardMs.count == e, net.edgeSecondFlags.count == e, net.edgeName.count == e, net.edgeWay.count == e,
              net.geometryStart.count == e + 1, Int(net.geometryStart.last ?? 0) == net.geometry.count else {
            throw MapSectionsError.damaged
        }
        return net
    }
}
