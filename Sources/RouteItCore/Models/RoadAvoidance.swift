/// Kinds of road a trip may avoid (`avoid toll|motorway|ferry|unpaved`, `--avoid`), as a set.
/// The raw bits are the ones the map stores per road, so they never change meaning.
public struct RoadAvoidance: OptionSet, Hashable, Codable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let toll = RoadAvoidance(rawValue: 1)
    public static let motorway = RoadAvoidance(rawValue: 2)
    public static let ferry = RoadAvoidance(rawValue: 4)
    public static let unpaved = RoadAvoidance(rawValue: 8)

    /// Each class with its command-line name, in the order they are listed.
    public static let classes: [(name: String, value: RoadAvoidance)] = [
        ("toll", .toll), ("motorway", .motorway), ("ferry", .ferry), ("unpaved", .unpaved),
    ]

    public static var names: [String] { classes.map(\.name) }

    /// `toll`, `motorway`... one class by name (any case); nil for anything else.
    public init?(className: String) {
        guard let found = Self.classes.first(where: { $0.name == className.lowercased() }) else { return nil }
        self = found.value
    }

    /// The classes in the set, by name, in list order.
    public var classNames: [String] { Self.classes.filter { contains($0.value) }.map(\.name) }

    /// `toll, motorway`, or `none`.
    public var description: String { isEmpty ? "none" : classNames.joined(separator: ", ") }

    /// How a route's note names one class: `a toll road`, `a motorway`, `a ferry`, `an unpaved road`.
    public var spokenName: String {
        switch self {
        case .toll: return "a toll road"
        case .motorway: return "a motorway"
        case .ferry: return "a ferry"
        case .unpaved: return "an unpaved road"
        default: return classNames.joined(separator: " and ")
        }
    }

    /// `toll roads`, `motorways`, `ferries`, `unpaved roads`.
    public var pluralName: String {
        switch self {
        case .toll: return "toll roads"
        case .motorway: return "motorways"
        case .ferry: return "ferries"
        case .unpaved: return "unpaved roads"
        default: return classNames.joined(separator: " and ")
        }
    }

    /// Said under a trip whose routes use avoided roads: one line per class, forced ones
    /// (`This trip uses a toll road: no other way exists.`) and ones the backend cannot avoid.
    public static func notes(unavoidable: RoadAvoidance, unsupported: RoadAvoidance) -> [String] {
        unavoidable.members.map { "This trip uses \($0.spokenName): no other way exists." }
            + unsupported.subtracting(unavoidable).members.map {
                "The routing server cannot avoid \($0.pluralName) in this request; this trip may use them."
            }
    }

    /// The classes a mode never travels (OSRM's foot.lua and bicycle.lua route no motorway):
    /// avoiding them asks nothing of its trip, so nothing is said of them.
    public static func neverTravelled(by mode: TransportType) -> RoadAvoidance { mode == .car ? [] : .motorway }

    /// The single classes in the set.
    public var members: [RoadAvoidance] { Self.classes.map(\.value).filter { contains($0) } }

    /// Every subset, the largest first (the ones that avoid the most are tried first).
    public var subsetsLargestFirst: [RoadAvoidance] {
        var out: [RoadAvoidance] = []
        var s = rawValue
        while true {
            out.append(RoadAvoidance(rawValue: s))
            if s == 0 { break }
            s = (s &- 1) & rawValue
        }
        return out.sorted {
            let (a, b) = ($0.rawValue.nonzeroBitCount, $1.rawValue.nonzeroBitCount)
            return a != b ? a > b : $0.rawValue < $1.rawValue
        }
    }

    /// Parses `toll,motorway` (commas or separate words); a wrong class is one line naming the valid ones.
    public static func parse(_ words: [String]) throws -> RoadAvoidance {
        if words.count == 1 && words[0].lowercased() == "none" { return [] }
        var set: RoadAvoidance = []
        for word in words {
            for part in word.split(separator: ",", omittingEmptySubsequences: false) {
                let name = String(part).trimmingCharacters(in: .whitespaces)
                guard let one = RoadAvoidance(className: name) else {
                    throw InputError("Unknown road class \"\(TerminalSafeText.clean(name))\": avoid takes \(names.joined(separator: ", ")) (or none).")
                }
                set.insert(one)
            }
        }
        return set
    }
}
