import Foundation
import RouteItSQLite
import RouteItCore

/// The road layer of a map: keeps routable ways in pass 1, then splits them into edges at
/// junctions, builds the per-mode graphs and their contraction hierarchies, and stores it all.
public final class RoadLayerBuilder: MapSectionLayerBuilder, MapLayerPreparing, MapLayerSkipping, MapLayerCollectingApart {
    public var phaseName: String { "roads" }

    private struct WayInfo {
        var id: Int64
        var refStart: Int
        var refEnd: Int
        var roadClass: RoadClass
        var carSpeed: Float
        var carBackwardSpeed: Float
        var footSpeed: Float
        var flags: UInt8
        var name: Int32
        var avoid: UInt8
        var bike: BikeWay
        /// A car or foot ferry's crossing time (`duration`; a movable bridge's for cars), spread
        /// evenly over its segments as OSRM spreads it; 0 = by speed.
        var ferrySeconds: Float
        /// OSRM's lane count of the way (`LaneCount`; 0 = unknown).
        var lanes: UInt8 = 0
        /// The car's turn lanes each way (`TurnLaneTexts.id`; 0 = none).
        var turnLanes: UInt32 = 0
    }

    /// What the bicycle profile says of a way, as the network stores it.
    private struct BikeWay {
        var forwardKmh: Float = 0
        var backwardKmh: Float = 0
        var flags: UInt8 = 0
        /// A ferry's crossing time (`duration`), spread over its edges by length; 0 = by speed.
        var ferrySeconds: Float = 0

        init(_ p: BicycleProfile?) {
            guard let p else { return }
            forwardKmh = Float(p.forward.kmh)
            backwardKmh = Float(p.backward.kmh)
            if p.forward.isPushing { flags |= SecondEdgeFlags.pushForward }
            if p.backward.isPushing { flags |= SecondEdgeFlags.pushBackward }
            if p.isFerry { flags |= SecondEdgeFlags.ferry }
            if p.isTrain { flags |= SecondEdgeFlags.train }
            if !p.isEndpoint { flags |= SecondEdgeFlags.noEndpoint }
            ferrySeconds = Float(p.ferrySeconds ?? 0)
        }

        /// ms for an edge of `metres` at `kmh`; a ferry's `duration` shared per segment in deciseconds
        /// as OSRM shares it. Riding in ms: OSRM's decisecond segments settled near-ties unlike its
        /// bicycle weights (300 Helsinki rides: names agreeing with OSRM's 236 → 218).
        func ms(metres: Double, segments: Int, waySegments: Int, kmh: Float) -> UInt32 {
            guard kmh > 0 else { return 0 }
            if ferrySeconds > 0 {
                let share = max(1, (Double(ferrySeconds) / Double(waySegments) * 10).rounded())
                return RoadNetwork.travelMs(deciseconds: share * Double(segments))
            }
            return RoadNetwork.travelMs(metres: metres, kmh: Double(kmh))
        }
    }

    private var ways: [WayInfo] = []
    private var refs: [Int64] = []
    /// Each road label once: its name (else ref) and its ref, side by side.
    private var names: [String] = [""]
    private var labelRefs: [String] = [""]
    private var nameIndex: [StreetLabel: Int32] = [StreetLabel(name: "", ref: ""): 0]
    private var turnLaneTexts = TurnLaneTexts()
    private(set) var restrictions: [TurnRestriction] = []
    private(set) var maneuvers: [ManeuverRelation] = []
    private(set) var bikeRestrictions: [TurnRestriction] = []
    /// Way ends whose way goes on beyond the extract: bicycles do not turn round there, and a
    /// car that does is told so (`SecondEdgeFlags.reachesMapEdge`).
    private var cutEnds: Set<Int64> = []
    /// Whether the ways came in id order (a sorted file): then a repeated id is a neighbour's.
    private var waysInIDOrder = true
    /// Tagged nodes that stop or slow cars, by OSM id (most are not on a road; those are ignored).
    private(set) var obstacles: [Int64: [RoadObstacle]] = [:]
    /// Ways `buildNetwork` left out (implausible geometry, crowded nodes, a repeated id) or cut.
    public private(set) var skipped = SkippedElements()

    /// Pieces of a mode's graph with fewer nodes than this are "small" (see `EdgeComponents`).
    let smallComponentSize: Int

    public init() {
        smallComponentSize = EdgeComponents.smallComponentSize
        concurrentRefLimit = Self.defaultConcurrentRefLimit
    }

    /// For hand-made test networks, far smaller than any real map; `concurrentRefLimit` -1 builds
    /// every network in turn.
    init(smallComponentSize: Int = EdgeComponents.smallComponentSize, concurrentRefLimit: Int = defaultConcurrentRefLimit) {
        self.smallComponentSize = smallComponentSize
        self.concurrentRefLimit = concurrentRefLimit
    }

    static let defaultConcurrentRefLimit = max(200_000, Int(ProcessInfo.processInfo.physicalMemory / 4 / concurrentBytesPerRef))

    /// The peak memory of a concurrent build per way node, with room to spare: a synthetic
    /// country of 50 Helsinkis (`Scripts/make-country-osm 50`, 600,600 refs) peaked at 381 MB
    /// built concurrently (630 bytes a ref), the addresses written meanwhile included.
    static let concurrentBytesPerRef: UInt64 = 1_000

    public func collect(way: OSMWay, needNode: (Int64) -> Void) throws {
        guard way.nodeRefs.count >= 2 else { return }
        let profile = RoadProfile(tags: way.tags)
        let bike = BicycleProfile(tags: way.tags)
        guard profile != nil || bike != nil else { return }
        var flags: UInt8 = 0
        if let profile {
            if profile.carForward { flags |= EdgeFlags.carForward }
            if profile.carBackward { flags |= EdgeFlags.carBackward }
            if profile.foot { flags |= EdgeFlags.foot }
            if profile.footForwardOnly { flags |= EdgeFlags.footForwardOnly }
            if profile.footBackwardOnly { flags |= EdgeFlags.footBackwardOnly }
            if profile.roundabout { flags |= EdgeFlags.roundabout }
            if profile.carRestricted { flags |= EdgeFlags.carRestricted }
            if !profile.carEndpoint { flags |= EdgeFlags.carNoEndpoint }
        } else if bike?.roundabout == true {
            flags |= EdgeFlags.roundabout
        }
        let profileName = profile?.name ?? bike?.name ?? ""
        let name: Int32
        let label = StreetLabel(name: profileName, ref: profile?.ref ?? way.tag("ref").map(CanonicalRef.of) ?? "")
        if let known = nameIndex[label] {
            name = known
        } else {
            name = Int32(names.count)
            names.append(profileName)
            labelRefs.append(label.ref)
            nameIndex[label] = name
        }
        if let last = ways.last?.id, last > way.id { waysInIDOrder = false }
        let start = refs.count
        refs.append(contentsOf: way.nodeRefs)
        // Classes to avoid from the tags alone: a cycleway or a ferry has no car profile.
        let avoid = profile?.avoidClasses ?? RoadAvoidance(osmTags: TagLookup(firstWins: way.tags))
        var bikeWay = BikeWay(bike)
        bikeWay.flags |= TurnLanes.flags(way)  // the second flag byte is every mode's
        // Any mode's ferry is told as one (the flag is shared with the bicycle's).
        if profile?.isFerry == true { bikeWay.flags |= SecondEdgeFlags.ferry }
        ways.append(WayInfo(id: way.id, refStart: start, refEnd: refs.count, roadClass: profile?.roadClass ?? bike!.roadClass,
                            carSpeed: Float(profile?.carSpeed ?? 0), carBackwardSpeed: Float(profile?.carBackwardSpeed ?? 0),
                            footSpeed: Float(profile?.footSpeed ?? 0),
                            flags: flags, name: name, avoid: avoid.rawValue, bike: bikeWay,
                            ferrySeconds: Float(profile?.ferrySeconds ?? 0),
                            lanes: LaneCount.of(way, forwardOneway: flags & EdgeFlags.carBackward == 0,
                                                backwardOneway: flags & EdgeFlags.carForward == 0),
                            turnLanes: carTurnLanes(way, flags: flags)))
        for ref in way.nodeRefs { needNode(ref) }
    }

    /// The car's turn lanes of a way each way it is driven (`TurnLanes.strings`), numbered.
    private func carTurnLanes(_ way: OSMWay, flags: UInt8) -> UInt32 {
        let forward = flags & EdgeFlags.carForward != 0, backward = flags & EdgeFlags.carBackward != 0
        guard forward || backward else { return 0 }
        let lanes = TurnLanes.strings(way, forwardOneway: !backward, backwardOneway: !forward)
        return turnLaneTexts.id(forward: forward ? lanes.forward : "", backward: backward ? lanes.backward : "")
    }

    public func collect(relation: OSMRelation, needNode: (Int64) -> Void) throws {
        restrictions.append(contentsOf: TurnRestriction.rules(relation))
        if let maneuver = ManeuverRelation(relation) { maneuvers.append(maneuver) }
        // bicycle.lua obeys restrictions too (its own `restriction:bicycle` and `except`); the
        // bicycle graph takes those through a node, in force at all times.
        bikeRestrictions.append(contentsOf: TurnRestriction.rules(relation, for: .bicycle).filter { $0.viaNode != nil && !$0.isTimed })
    }

    public func visit(node: OSMNode) throws {
        let found = RoadObstacle.parse(node.tags)
        if !found.isEmpty { obstacles[node.id] = found }
    }

    /// The road graph lives in the map's sections: the importer calls the other `write`.
    public func write(to db: SQLiteDatabase, coordinates: NodeCoordinates, progress: (Double) throws -> Void) throws {
        throw MapImportError("the road layer must be written with the map's sections")
    }

    /// Networks from at most this many way nodes (`refs`) are built on threads of their own
    /// (see `prepare`); larger ones in turn, one mode at a time, so their import's peak stays
    /// low. Helsinki's roads have about 30,000; a mode's graph and hierarchy take about 1 KB an
    /// edge, so three modes at once cost a few tens of MB at most below 200,000. Above that,
    /// as many as fit in a quarter of the machine's memory (`concurrentBytesPerRef` each): a
    /// country's import is mostly its hierarchies, and in turn they leave the second core idle.
    let concurrentRefLimit: Int
    /// The network and the three modes, built while the layers before this one write.
    private var prepared: BackgroundWork<PreparedRoads>?
    /// Whether `prepare` started the build on threads (for tests).
    private(set) var builtConcurrently = false

    /// What `write` stores: the network, car and walking, and the bicycle (the most work) still
    /// being built while the rest is written.
    private struct PreparedRoads {
        var net: RoadNetwork
        var adjacency: NodeAdjacency
        var restrictions: [TurnRestriction]
        var timed: ConditionalTurns
        var maneuvers: ManeuverOverrides
        var car, walk: BuiltMode
        var bike: BackgroundWork<BuiltMode>
    }

    /// A small network (`concurrentRefLimit`) is built from here on other threads: the network,
    /// then the bicycle graph and hierarchy (the most work) on one, the car's and the walking
    /// ones on another, while the importer writes the layers before this one on its own thread.
    /// The map is the same byte for byte either way: `write` stores it all in the same order.
    public func prepare(coordinates: NodeCoordinates) {
        ImportMemoryTrace.mark("roads: \(refs.count) way nodes, concurrently up to \(concurrentRefLimit)")
        guard prepared == nil, refs.count <= concurrentRefLimit else { return }
        builtConcurrently = true
        prepared = BackgroundWork(name: "RouteIt roads") { [self] in
            let (net, adjacency, junctions) = orderedNetwork(coordinates: coordinates)
            let restrictions = self.restrictions, bikeRestrictions = self.bikeRestrictions
            let (obstacles, viaIndex) = modeObstacles(junctions)
            let timed = ConditionalTurns(restrictions, viaIndex: viaIndex, net: net)
            let maneuvers = ManeuverOverrides(self.maneuvers, junction: viaIndex), cut = Set(cutEnds.compactMap(viaIndex))
            ways = []
            refs = []
            nameIndex = [:]
            ImportMemoryTrace.mark("roads: network in curve order (\(net.edgeCount) edges)")
            let smallSize = smallComponentSize
            let bike = BackgroundWork(name: "RouteIt bicycle") {
                try Self.buildMode(.bike, net, restrictions: bikeRestrictions, obstacles: obstacles, viaIndex: viaIndex, cutEnds: cut,
                                   smallSize: smallSize, progress: { _ in })
            }
            let car = try Self.buildMode(.car, net, restrictions: restrictions.filter(\.shapesCarGraph), obstacles: obstacles, viaIndex: viaIndex,
                                         smallSize: smallSize, progress: { _ in })
            let walk = try Self.buildMode(.walk, net, restrictions: [], obstacles: obstacles, viaIndex: viaIndex,
                                          smallSize: smallSize, progress: { _ in })
            return PreparedRoads(net: net, adjacency: adjacency, restrictions: restrictions, timed: timed, maneuvers: maneuvers, car: car, walk: walk, bike: bike)
        }
    }

    /// Builds and stores the network, then each mode in turn (graph, hierarchy, layout), written
    /// and released before the next is built: only one mode's graph and hierarchy are in memory
    /// at a time, and what pass 1 kept goes as soon as the network is built from it. A small
    /// network `prepare` began building is waited for and written in the same order, the network
    /// and car and walking while the bicycle is still being built.
    public func write(to db: SQLiteDatabase, sections: MapSectionWriter, coordinates: NodeCoordinates,
                      progress: (Double) throws -> Void) throws {
        if let prepared {
            self.prepared = nil
            let roads = try prepared.wait()
            try progress(0.5)
            try writeNetwork(roads.net, adjacency: roads.adjacency, restrictions: roads.restrictions, timed: roads.timed,
                             maneuvers: roads.maneuvers, to: db, sections: sections)
            for (mode, prefix) in [(roads.car, "car"), (roads.walk, "walk")] {
                try mode.graph.write(to: sections, prefix: prefix)
                try mode.ch.write(to: sections, prefix: prefix)
            }
            let bike = try roads.bike.wait()
            try progress(0.95)
            try bike.graph.write(to: sections, prefix: "bike")
            try bike.ch.write(to: sections, prefix: "bike")
            let smallOnly = Set(zip([TransportType.car, .walk, .bike], [roads.car.smallOnly, roads.walk.smallOnly, bike.smallOnly])
                .compactMap { $1 ? $0 : nil })
            try EdgeComponents(car: Column(roads.car.components), walk: Column(roads.walk.components),
                               bike: Column(bike.components), smallOnly: smallOnly).write(to: sections)
            try progress(1)
            return
        }
        let (net, adjacency, junctions) = orderedNetwork(coordinates: coordinates)
        ways = []
        refs = []
        nameIndex = [:]
        ImportMemoryTrace.mark("roads: network in curve order (\(net.edgeCount) edges)")
        try progress(0.05)
        let (obstacles, viaIndex) = modeObstacles(junctions)
        try writeNetwork(net, adjacency: adjacency, restrictions: restrictions, timed: ConditionalTurns(restrictions, viaIndex: viaIndex, net: net),
                         maneuvers: ManeuverOverrides(maneuvers, junction: viaIndex), to: db, sections: sections)

        var components: [[Int32]] = []
        var smallOnly: Set<TransportType> = []
        for (mode, prefix, share) in [(TransportType.car, "car", (0.1, 0.4)), (.walk, "walk", (0.5, 0.2)), (.bike, "bike", (0.7, 0.25))] {
            let modeRestrictions = mode.pick(car: restrictions.filter(\.shapesCarGraph), walk: [], bike: bikeRestrictions)
            let built = try Self.buildMode(mode, net, restrictions: modeRestrictions, obstacles: obstacles,
                                           viaIndex: viaIndex, cutEnds: mode == .bike ? Set(cutEnds.compactMap(viaIndex)) : [],
                                           smallSize: smallComponentSize) { try progress(share.0 + share.1 * $0) }
            try built.graph.write(to: sections, prefix: prefix)
            try built.ch.write(to: sections, prefix: prefix)
            ImportMemoryTrace.mark("roads: \(prefix) written")
            components.append(built.components)
            if built.smallOnly { smallOnly.insert(mode) }
        }
        try EdgeComponents(car: Column(components[0]), walk: Column(components[1]), bike: Column(components[2]),
                           smallOnly: smallOnly).write(to: sections)
        try progress(1)
    }

    /// The obstacles by junction index (the modes charge their delays), and the junction index of
    /// an OSM node id; `obstacles` is dropped.
    private func modeObstacles(_ junctions: OrderedJunctions) -> ([Int32: [RoadObstacle]], (Int64) -> Int32?) {
        let viaIndex: (Int64) -> Int32? = { junctions.index(of: $0) }
        var byJunction: [Int32: [RoadObstacle]] = [:]
        for (id, list) in obstacles {
            if let junction = viaIndex(id) { byJunction[junction] = list }
        }
        obstacles = [:]
        return (byJunction, viaIndex)
    }

    /// The network itself, its adjacency and grid, and the turn restrictions' tables.
    private func writeNetwork(_ net: RoadNetwork, adjacency: NodeAdjacency, restrictions: [TurnRestriction],
                              timed: ConditionalTurns, maneuvers: ManeuverOverrides, to db: SQLiteDatabase, sections: MapSectionWriter) throws {
        try TurnRestriction.writeTable(restrictions, to: db)
        try timed.write(to: sections)
        try maneuvers.write(to: sections)
        try net.write(to: sections)
        try adjacency.write(to: sections)
        try EdgeGrid.build(net).write(to: sections)
        ImportMemoryTrace.mark("roads: network, adjacency and grid written")
    }

    /// The junctions' OSM ids, sorted, and the number each has in the ordered network.
    private struct OrderedJunctions {
        var ids: [Int64]
        var newNode: [Int32]

        /// The junction of OSM node `id` in the ordered network.
        func index(of id: Int64) -> Int32? {
            RoadLayerBuilder.index(of: id, in: ids).map { newNode[Int($0)] }
        }
    }

    /// The network from pass 1's ways in curve order (the unordered one is dropped), with its
    /// adjacency, by which one of each pair of parallel foot edges (and per direction, car edges) is kept.
    private func orderedNetwork(coordinates: NodeCoordinates) -> (RoadNetwork, NodeAdjacency, OrderedJunctions) {
        restrictions = TurnRestriction.endingAtTheirVia(restrictions, wayEnds: ways.lazy.map { ($0.id, self.refs[$0.refStart], self.refs[$0.refEnd - 1]) })
        let (built, junctions) = buildNetwork(coordinates: coordinates)
        ImportMemoryTrace.mark("roads: network built (\(built.edgeCount) edges)")
        var (net, newNode) = built.spatiallyOrdered()
        let adjacency = NodeAdjacency(net)
        net.keepOneOfParallelFootEdges(adjacency)
        net.keepOneOfParallelCarEdges(adjacency)
        let ordered = OrderedJunctions(ids: junctions, newNode: newNode)
        net.markEdges(reachingMapEdgeAt: Set(cutEnds.compactMap(ordered.index)))
        return (net, adjacency, ordered)
    }

    /// Longest plausible piece of road between two nodes, and longest plausible way: longer
    /// ones are mapping errors (a node at 0,0 among Helsinki's, a road drawn across a continent).
    static let maxSegmentMetres = 100_000.0
    static let maxWayMetres = 1_000_000.0
    /// Most road ends one node may join (a way passing through counts twice). The busiest
    /// junctions of real extracts have about 10; the turns at a node, and the hierarchy over
    /// them, grow with the cube of its degree, so a way zigzagging between two nodes or
    /// thousands of ways from one point would cost minutes and gigabytes.
    static let maxRoadsAtNode = 24

    /// Junctions (way ends, nodes shared by ways, obstacles on a way) become graph nodes;
    /// returns them sorted. An obstacle must be a node for the car graph to charge its delay.
    /// Ways with implausible geometry or through crowded nodes are left out and counted in `skipped`.
    func buildNetwork(coordinates: NodeCoordinates) -> (RoadNetwork, [Int64]) {
        skipped = SkippedElements()
        let repeated = RepeatedWayIDs.laterCopies(count: ways.count, inIDOrder: waysInIDOrder) { ways[$0].id }
        skipped.count(.repeatedWayID, repeated.count)
        var (kept, points, pieces) = keptNodes(coordinates: coordinates, leavingOut: repeated)
        skipped.count(.wayThroughCrowdedNode,
                      CrowdedNodes.dropWays(kept: &kept, points: &points, pieces: &pieces, maxRoadsAtNode: Self.maxRoadsAtNode))
        var sorted = kept
        sorted.sort()
        var candidates: [Int64] = []
        var i = 1
        while i < sorted.count {
            if sorted[i] == sorted[i - 1] { candidates.append(sorted[i]) }
            i += 1
        }
        for id in obstacles.keys where RoadLayerBuilder.index(of: id, in: sorted) != nil { candidates.append(id) }
        for piece in pieces {
            candidates.append(kept[piece.range.lowerBound])
            candidates.append(kept[piece.range.upperBound - 1])
        }
        candidates.sort()
        var junctions: [Int64] = []
        junctions.reserveCapacity(candidates.count)
        for c in candidates where junctions.last != c { junctions.append(c) }

        var net = RoadNetwork(nodeCount: junctions.count, edgeFrom: [], edgeTo: [], edgeLength: [], edgeClass: [],
                              edgeFlags: [], edgeCarMs: [], edgeFootMs: [], edgeName: [], edgeWay: [], edgeAvoid: [],
                              geometryStart: [], geometry: [], nodeIds: GeometryNodeIds(bytes: [], blockStart: []),
                              names: StringColumn(names), refs: StringColumn(labelRefs))
        var pointIds: [Int64] = []
        for piece in pieces {
            let way = ways[piece.way], r = piece.range
            var from = RoadLayerBuilder.index(of: kept[r.lowerBound], in: junctions)!
            var geomStart = net.geometry.count
            net.geometry.append(points[r.lowerBound])
            pointIds.append(kept[r.lowerBound])
            var length = 0.0
            let walked = way.flags & EdgeFlags.foot != 0
            let isFerry = way.bike.flags & SecondEdgeFlags.ferry != 0
            // OSRM times each segment (node to node) on its own, in whole deciseconds; a `duration`
            // is shared evenly by the way's segments. Segments are measured as OSRM measures them
            // (`SegmentLength`), for every mode and for the length the route reports, so that a
            // road's speed (distance over time) and a trip's distance read as OSRM's do. Bicycles
            // are timed to the millisecond (`BikeWay.ms`).
            let segmentDeciseconds = way.ferrySeconds > 0 ? max(1, (Double(way.ferrySeconds) / Double(piece.waySegments) * 10).rounded()) : 0
            var footDeciseconds = 0.0
            var carDeciseconds = 0.0, carBackwardDeciseconds = 0.0
            var segments = 0
            for j in (r.lowerBound + 1)..<r.upperBound {
                let metres = SegmentLength.osrmMetres(points[j - 1], points[j])
                length += metres
                if walked {
                    footDeciseconds += isFerry && segmentDeciseconds > 0
                        ? segmentDeciseconds : SegmentLength.deciseconds(osrmMetres: metres, kmh: Double(way.footSpeed))
                }
                if segmentDeciseconds > 0 {
                    carDeciseconds += way.carSpeed > 0 ? segmentDeciseconds : 0
                    carBackwardDeciseconds += way.carBackwardSpeed > 0 ? segmentDeciseconds : 0
                } else {
                    carDeciseconds += SegmentLength.deciseconds(osrmMetres: metres, kmh: Double(way.carSpeed))
                    carBackwardDeciseconds += SegmentLength.deciseconds(osrmMetres: metres, kmh: Double(way.carBackwardSpeed))
                }
                segments += 1
                net.geometry.append(points[j])
                pointIds.append(kept[j])
                guard let to = RoadLayerBuilder.index(of: kept[j], in: junctions) else { continue }
                net.edgeFrom.append(from)
                net.edgeTo.append(to)
                net.edgeLength.append(Float(length))
                net.edgeClass.append(way.roadClass.rawValue)
                net.edgeFlags.append(way.flags)
                net.edgeCarMs.append(carDeciseconds > 0 ? RoadNetwork.travelMs(deciseconds: carDeciseconds) : 0)
                net.edgeCarBackwardMs.append(carBackwardDeciseconds > 0 ? RoadNetwork.travelMs(deciseconds: carBackwardDeciseconds) : 0)
                net.edgeFootMs.append(walked ? RoadNetwork.travelMs(deciseconds: footDeciseconds) : 0)
                net.edgeBikeForwardMs.append(way.bike.ms(metres: length, segments: segments, waySegments: piece.waySegments, kmh: way.bike.forwardKmh))
                net.edgeBikeBackwardMs.append(way.bike.ms(metres: length, segments: segments, waySegments: piece.waySegments, kmh: way.bike.backwardKmh))
                net.edgeSecondFlags.append(way.bike.flags)
                net.edgeName.append(way.name)
                net.edgeWay.append(way.id)
                net.edgeAvoid.append(way.avoid)
                net.edgeLanes.append(way.lanes)
                if way.turnLanes != 0 {
                    net.turnLanes.edges.append(Int32(net.edgeFrom.count - 1))
                    net.turnLanes.ids.append(way.turnLanes)
                }
                net.geometryStart.append(UInt32(geomStart))
                if j + 1 < r.upperBound {
                    geomStart = net.geometry.count
                    net.geometry.append(points[j])
                    pointIds.append(kept[j])
                }
                from = to
                length = 0
                footDeciseconds = 0
                carDeciseconds = 0
                carBackwardDeciseconds = 0
                segments = 0
            }
        }
        net.geometryStart.append(UInt32(net.geometry.count))
        net.nodeIds = GeometryNodeIds(pointIds, geometryStart: net.geometryStart)
        net.turnLanes.texts = StringColumn(turnLaneTexts.texts)
        return (net, junctions)
    }

    /// Each way's pieces (`WayPieces`: cut where the file lacks a node, a node repeated in a row
    /// dropped), flattened; a piece needs two nodes, and a way whose geometry is implausible
    /// keeps none. Piece ends at a gap are cut ends, as where a way leaves the extract.
    /// `leavingOut`: indices of ways to keep nothing of, ascending.
    private func keptNodes(coordinates: NodeCoordinates, leavingOut: [Int]) -> (kept: [Int64], points: [GeoPoint], pieces: [WayPiece]) {
        var kept: [Int64] = []
        kept.reserveCapacity(refs.count)
        var pieces: [WayPiece] = []
        pieces.reserveCapacity(ways.count)
        var points: [GeoPoint] = []
        points.reserveCapacity(refs.count)
        var nextLeftOut = leavingOut.startIndex
        for (w, way) in ways.enumerated() {
            if nextLeftOut < leavingOut.endIndex && leavingOut[nextLeftOut] == w { nextLeftOut += 1; continue }
            let wayStart = kept.count, firstPiece = pieces.count
            var pieceStart = kept.count
            var previous: Coordinate?
            var wayMetres = 0.0
            var plausible = true
            // afterGap: the piece being kept began after a gap; gapNow: the step before was one.
            var afterGap = false, gapNow = false, sawNode = false, cutInside = false
            var waySegments = 0
            var cut: [Int64] = []
            func endPiece(atGap: Bool) {
                if kept.count - pieceStart >= 2 {
                    pieces.append(WayPiece(way: w, range: pieceStart..<kept.count, waySegments: 0))
                    waySegments += kept.count - pieceStart - 1
                    if afterGap { cut.append(kept[pieceStart]) }
                    if atGap { cut.append(kept[kept.count - 1]) }
                } else {
                    kept.removeLast(kept.count - pieceStart)
                    points.removeLast(points.count - pieceStart)
                }
                pieceStart = kept.count
                previous = nil
            }
            coordinates.walkPieces(of: refs[way.refStart..<way.refEnd]) { step in
                guard plausible else { return }
                switch step {
                case .gap:
                    endPiece(atGap: true)
                    afterGap = true
                    gapNow = true
                case .node(let id, let c):
                    if gapNow && sawNode { cutInside = true }
                    gapNow = false
                    sawNode = true
                    if kept.count > pieceStart && kept.last == id { return }
                    if let previous {
                        let metres = previous.distance(to: c)
                        wayMetres += metres
                        if !(metres <= Self.maxSegmentMetres) || !(wayMetres <= Self.maxWayMetres) { plausible = false; return }
                    }
                    previous = c
                    kept.append(id)
                    points.append(GeoPoint(c))
                }
            }
            guard plausible else {
                skipped.count(.wayWithImplausibleGeometry)
                kept.removeLast(kept.count - wayStart)
                points.removeLast(points.count - wayStart)
                pieces.removeLast(pieces.count - firstPiece)
                continue
            }
            endPiece(atGap: false)
            if cutInside { skipped.count(.wayCutAtMissingNode) }
            for p in firstPiece..<pieces.count { pieces[p].waySegments = waySegments }
            cutEnds.formUnion(cut)
        }
        return (kept, points, pieces)
    }

    static func index(of id: Int64, in sorted: [Int64]) -> Int32? {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == id ? Int32(lo) : nil
    }
}
