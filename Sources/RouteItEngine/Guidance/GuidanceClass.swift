import RouteItCore

extension ManeuverBuilder {
    /// OSRM's guidance classification of a road (lib/guidance.lua's `highway_classes`).
    struct GuidanceClass: Equatable {
        var priority: Int
        /// Not one of guidance.lua's `road_types` (`may_be_ignored`): service roads and paths.
        var isLowPriority: Bool
        var isLink: Bool

        init(_ roadClass: RoadClass?) {
            let c = roadClass ?? .road
            isLink = c.isLink
            switch c {
            case .motorway: priority = 0
            case .motorwayLink: priority = 1
            case .trunk: priority = 2
            case .trunkLink: priority = 3
            case .primary: priority = 4
            case .primaryLink: priority = 5
            case .secondary: priority = 6
            case .secondaryLink: priority = 7
            case .tertiary: priority = 8
            case .tertiaryLink: priority = 9
            case .residential: priority = 10
            case .livingStreet: priority = 11
            case .service: priority = 12
            case .unclassified: priority = 15
            case .track, .path: priority = 16
            case .footway, .pedestrian, .steps: priority = 18
            case .road, .cycleway, .bridleway, .ferry: priority = 31
            }
            switch c {
            case .service, .road, .track, .pedestrian, .footway, .path, .steps, .cycleway, .bridleway, .ferry: isLowPriority = true
            default: isLowPriority = false
            }
        }

        /// OSRM's road groups: classes that read as similar.
        var group: Int {
            switch priority {
            case 0, 1: return 0
            case 2, 3: return 1
            case 4...9: return 2
            case 10...13: return 3
            case 14, 15: return 4
            case 16: return 5
            case 18: return 6
            default: return 7
            }
        }

        /// OSRM's `strictlyLess`: this road belongs to a lower general category than `other`.
        func isStrictlyLess(than other: GuidanceClass) -> Bool {
            if !isLowPriority && other.isLowPriority { return false }
            if isLowPriority && !other.isLowPriority { return true }
            return group > other.group
        }

        /// OSRM's `obviousByRoadClass`, arriving on this class: `candidate` is obvious beside
        /// `other` when it carries on this class and ranks far above `other` (1.75 times
        /// higher), or when it and this one are real roads and `other` is of low priority.
        func makesObvious(_ candidate: GuidanceClass, over other: GuidanceClass) -> Bool {
            let ranksFarAbove = 1.75 * Double(candidate.priority) < Double(other.priority)
            return ranksFarAbove && self == candidate || !candidate.isLowPriority && !isLowPriority && other.isLowPriority
        }

        /// OSRM's `isLinkTo`: this is the slip road of `road`'s class.
        func isLink(to road: GuidanceClass) -> Bool {
            isLink && !road.isLink && priority == road.priority + 1
        }
    }
}

extension RoadNetwork {
    /// How the guidance ranks `edge`'s road (`ManeuverBuilder.GuidanceClass`).
    @inline(__always)
    func guidanceClass(of edge: Int) -> ManeuverBuilder.GuidanceClass {
        ManeuverBuilder.GuidanceClass(RoadClass(rawValue: edgeClass[edge]))
    }
}
