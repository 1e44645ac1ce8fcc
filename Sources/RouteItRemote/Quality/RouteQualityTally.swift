import Foundation
import RouteItCore

/// Routing quality of one engine ("ours") against a reference engine (OSRM) on the same trips:
/// pairs only one engine routes, whether the streets named agree where both take the same path,
/// how often each says "Make a U-turn", "Keep left/right" or a roundabout exit, and what their
/// alternatives are worth. Fed one trip at a time; pure arithmetic, no network.
public struct RouteQualityTally: Sendable {
    public private(set) var pairs = 0
    public private(set) var both = 0
    public private(set) var onlyOurs = 0
    public private(set) var onlyReference = 0
    public private(set) var neither = 0
    /// Pairs both route whose best routes run along each other (`samePathShare` of each).
    public private(set) var samePath = 0
    /// Same-path pairs whose street sequences are equal.
    public private(set) var namesAgree = 0
    /// On same-path pairs: the reference's fork steps, and how many of them have one of ours
    /// within `forkMatchMetres`.
    public private(set) var referenceForks = 0
    public private(set) var forksMatched = 0
    /// Of those, the ones where ours keeps to the same side ("Keep left" where OSRM says so).
    public private(set) var forksMatchedOnTheSameSide = 0
    public static let forkMatchMetres = 30.0
    public private(set) var ourCounts = StepCounts()
    public private(set) var referenceCounts = StepCounts()
    public private(set) var ourAlternatives = AlternativeStats()
    public private(set) var referenceAlternatives = AlternativeStats()
    /// A few same-path pairs whose names disagree, for whoever tunes the guidance.
    public private(set) var nameExamples: [(from: Coordinate, to: Coordinate, ours: [String], reference: [String])] = []
    /// A few trips whose best routes differ in U-turn or fork steps, keyed "u-turn" / "fork".
    public private(set) var stepExamples: [String: [(Coordinate, Coordinate)]] = [:]
    /// Per pair both route: |ours − reference| / reference of the best routes' durations.
    public private(set) var durationDifferences: [Double] = []
    /// A few trips only the reference routes.
    public private(set) var onlyReferenceExamples: [(Coordinate, Coordinate)] = []

    public static let samePathShare = 0.9

    public init() {}

    public struct StepCounts: Sendable {
        public var routes = 0
        public var uTurns = 0
        public var forks = 0
        public var roundabouts = 0
        /// Turns, forks, roundabout exits and U-turns: the steps that should name a street.
        public var turns = 0
        public var unnamedTurns = 0

        mutating func add(_ route: Route) {
            routes += 1
            for r in route.readings {
                switch r.kind {
                case .uTurn: uTurns += 1
                case .fork: forks += 1
                case .roundabout: roundabouts += 1
                default: break
                }
                if [.turn, .fork, .roundabout, .uTurn].contains(r.kind) {
                    turns += 1
                    if r.name.isEmpty { unnamedTurns += 1 }
                }
            }
        }

        public var unnamedTurnShare: Double { turns > 0 ? Double(unnamedTurns) / Double(turns) : 0 }
    }

    public struct AlternativeStats: Sendable {
        public var queries = 0
        public var alternatives = 0
        /// Per alternative: its time over the best route's, less one.
        public var slowdowns: [Double] = []
        /// Per alternative: the share of its length along the best route.
        public var overlaps: [Double] = []

        mutating func add(_ routes: [Route]) {
            queries += 1
            guard let best = routes.first else { return }
            for alternative in routes.dropFirst() {
                alternatives += 1
                if best.expectedTravelTime > 0 { slowdowns.append(alternative.expectedTravelTime / best.expectedTravelTime - 1) }
                overlaps.append(PolylineOverlap.share(of: alternative.drawingPath, alongside: best.drawingPath))
            }
        }

        public var perQuery: Double { queries > 0 ? Double(alternatives) / Double(queries) : 0 }
        public var medianSlowdown: Double? { RouteQualityTally.median(slowdowns) }
        public var medianOverlap: Double? { RouteQualityTally.median(overlaps) }
    }

    /// One trip: each engine's routes, best first (empty when it found none).
    public mutating func add(from a: Coordinate, to b: Coordinate, ours: [Route], reference: [Route]) {
        pairs += 1
        switch (ours.first, reference.first) {
        case (nil, nil): neither += 1
        case (_?, nil): onlyOurs += 1
        case (nil, _?):
            onlyReference += 1
            if onlyReferenceExamples.count < 10 { onlyReferenceExamples.append((a, b)) }
        case let (mine?, theirs?):
            both += 1
            if theirs.expectedTravelTime > 0 {
                durationDifferences.append(abs(mine.expectedTravelTime - theirs.expectedTravelTime) / theirs.expectedTravelTime)
            }
            ourCounts.add(mine)
            referenceCounts.add(theirs)
            for (kind, label) in [(StepReading.Kind.uTurn, "u-turn"), (.fork, "fork")] {
                let a1 = mine.readings.filter { $0.kind == kind }.count, b1 = theirs.readings.filter { $0.kind == kind }.count
                if a1 != b1 && stepExamples[label, default: []].count < 8 { stepExamples[label, default: []].append((a, b)) }
            }
            ourAlternatives.add(ours)
            referenceAlternatives.add(reference)
            if RouteQualityTally.samePath(mine, theirs) {
                samePath += 1
                let ourForks = zip(mine.readings, mine.steps).filter { $0.0.kind == .fork }
                    .compactMap { pair in pair.1.polyline.first.map { ($0, RouteQualityTally.forkSide(pair.1)) } }
                for (reading, step) in zip(theirs.readings, theirs.steps) where reading.kind == .fork {
                    guard let at = step.polyline.first else { continue }
                    referenceForks += 1
                    let near = ourForks.filter { $0.0.distance(to: at) <= RouteQualityTally.forkMatchMetres }
                    if near.contains(where: { $0.1 == RouteQualityTally.forkSide(step) }) { forksMatchedOnTheSameSide += 1 }
                    if !near.isEmpty {
                        forksMatched += 1
                    } else if stepExamples["missed fork", default: []].count < 8 {
                        stepExamples["missed fork", default: []].append((a, b))
                    }
                }
                if mine.streetSequence == theirs.streetSequence {
                    namesAgree += 1
                } else if nameExamples.count < 12 {
                    nameExamples.append((a, b, mine.streetSequence, theirs.streetSequence))
                }
            }
        }
    }

    /// Both routes run along each other for most of their length.
    public static func samePath(_ a: Route, _ b: Route) -> Bool {
        PolylineOverlap.share(of: a.drawingPath, alongside: b.drawingPath) >= samePathShare
            && PolylineOverlap.share(of: b.drawingPath, alongside: a.drawingPath) >= samePathShare
    }

    public var onlyReferenceShare: Double { pairs > 0 ? Double(onlyReference) / Double(pairs) : 0 }
    public var onlyOursShare: Double { pairs > 0 ? Double(onlyOurs) / Double(pairs) : 0 }
    /// "Keep left" / "Keep right" (nil for any other step).
    static func forkSide(_ step: RouteStep) -> Bool? {
        step.instruction.hasPrefix("Keep left") ? true : step.instruction.hasPrefix("Keep right") ? false : nil
    }

    /// The share of the reference's forks (on same-path routes) that ours announce too.
    public var forkRecall: Double? { referenceForks > 0 ? Double(forksMatched) / Double(referenceForks) : nil }
    /// The median of `durationDifferences`: how far the two engines' travel times are apart.
    public var medianDurationDifference: Double? { RouteQualityTally.median(durationDifferences) }
    public var nameAgreement: Double? { samePath > 0 ? Double(namesAgree) / Double(samePath) : nil }

    static func median(_ xs: [Double]) -> Double? {
        guard !xs.isEmpty else { return nil }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
