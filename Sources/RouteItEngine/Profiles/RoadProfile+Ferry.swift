import RouteItCore

/// Ferries and shuttle trains for cars and walkers, as car.lua and foot.lua take them
/// (`WayHandlers.ferries`): at their route speed, or in their `duration`, in mode `ferry`; never
/// a place a car trip starts or ends (`WayHandlers.startpoint`).
extension RoadProfile {
    /// `route_speeds` (km/h) of car.lua and foot.lua; 0: that mode does not take it.
    static let routeSpeeds: [String: (car: Double, foot: Double)] = [
        "ferry": (car: 5, foot: 5),
        "shuttle_train": (car: 10, foot: 0),
    ]

    /// nil when neither cars nor walkers may take it (access tags).
    init?(route speeds: (car: Double, foot: Double), _ t: TagLookup) {
        // A ferry tagged as a road keeps its road's class, which OSRM's through-street and
        // obvious-way tests compare (dedicated-turn-roads.feature, "Turning Sliproad onto a ferry").
        roadClass = t["highway"].flatMap(RoadClass.init(highway:)) ?? .ferry
        name = t["name"] ?? t["ref"].map(CanonicalRef.of) ?? ""
        ref = t["ref"].map(CanonicalRef.of) ?? ""
        avoidClasses = RoadAvoidance(osmTags: t)
        roundabout = false
        isFerry = true
        ferrySeconds = t["duration"].flatMap(BicycleProfile.parseDuration).map { max(1, $0) }
        let carAccess = t["motorcar"] ?? t["motor_vehicle"] ?? t["vehicle"] ?? t["access"]
        let carAllowed = speeds.car > 0 && !(carAccess.map { RoadProfile.carBlockedValues.contains($0) || RoadProfile.carRestrictedValues.contains($0) } ?? false)
        carSpeed = carAllowed ? speeds.car : 0
        carBackwardSpeed = carSpeed
        carForward = carAllowed
        carBackward = carAllowed
        carRestricted = false
        carEndpoint = false
        let footAccess = t["foot"] ?? t["access"]
        foot = speeds.foot > 0 && !(footAccess.map(RoadProfile.footBlockedValues.contains) ?? false)
        footSpeed = speeds.foot
        if !isRoutable { return nil }
    }
}
