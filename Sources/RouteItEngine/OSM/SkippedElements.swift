/// Elements left out of an import because their data is unusable (real OSM files have a few:
/// nodes at 0,0, ways drawn across a continent, ids that are not numbers, the pieces of a way
/// that touch a node the file lacks, a node or road given twice). Readers and the importer
/// count them here instead of failing the whole import; the summary names them.
public struct SkippedElements: Equatable, Sendable {
    /// Why an element was left out; the order is the order of the summary.
    public enum Reason: Int, CaseIterable, Sendable {
        case nodeWithBadCoordinates
        case elementWithoutID
        case wayWithBadNodeReference
        case relationWithBadMember
        case tagWithoutKeyOrValue
        case wayWithImplausibleGeometry
        case wayThroughCrowdedNode
        case wayCutAtMissingNode
        case repeatedNodeID
        case repeatedWayID

        /// "1 node with bad coordinates", "3 ways with implausible geometry".
        func phrase(_ count: Int) -> String {
            let (one, many, rest): (String, String, String)
            switch self {
            case .nodeWithBadCoordinates: (one, many, rest) = ("node", "nodes", "with bad coordinates")
            case .elementWithoutID: (one, many, rest) = ("element", "elements", "without a numeric id")
            case .wayWithBadNodeReference: (one, many, rest) = ("way", "ways", "with a bad node reference")
            case .relationWithBadMember: (one, many, rest) = ("relation", "relations", "with a bad member")
            case .tagWithoutKeyOrValue: (one, many, rest) = ("tag", "tags", "without a key or value")
            case .wayWithImplausibleGeometry: (one, many, rest) = ("way", "ways", "with implausible geometry")
            case .wayThroughCrowdedNode: (one, many, rest) = ("way", "ways", "through a node shared by too many roads")
            case .wayCutAtMissingNode: (one, many, rest) = ("way", "ways", "cut at a missing node")
            case .repeatedNodeID: (one, many, rest) = ("node", "nodes", "repeating an earlier node's id (the first is kept)")
            case .repeatedWayID: (one, many, rest) = ("road", "roads", "repeating an earlier way's id (the first is kept)")
            }
            return "\(count) \(count == 1 ? one : many) \(rest)"
        }
    }

    private var counts = [Int](repeating: 0, count: Reason.allCases.count)

    public init() {}

    public subscript(reason: Reason) -> Int { counts[reason.rawValue] }

    public mutating func count(_ reason: Reason, _ n: Int = 1) { counts[reason.rawValue] += n }

    public mutating func add(_ other: SkippedElements) {
        for reason in Reason.allCases { counts[reason.rawValue] += other[reason] }
    }

    public var total: Int { counts.reduce(0, +) }
    public var isEmpty: Bool { total == 0 }

    /// "3 ways with implausible geometry, 1 node with bad coordinates"; "" when nothing was skipped.
    public var description: String {
        Reason.allCases.filter { self[$0] > 0 }.map { $0.phrase(self[$0]) }.joined(separator: ", ")
    }
}
