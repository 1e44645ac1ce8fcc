import RouteItCore

/// How a route is written as OSRM's JSON: the options osrm-routed's `/route` and `/trip` take
/// (`overview`, `geometries`, `steps`, `annotations`), with its defaults. One value read from a
/// URL by `routeit serve` (`OSRMQuery`) and from the command line by `routeit route --json`
/// (`--overview`, `--geometries`, `--steps`), so both write the same answer (`OSRMResponseShape`).
struct OSRMRouteOptions: Equatable, Sendable {
    enum Overview: String, CaseIterable, Sendable { case simplified, full, `false` }
    enum Geometries: String, CaseIterable, Sendable { case polyline, polyline6, geojson }

    var overview = Overview.simplified
    var geometries = Geometries.polyline
    var steps = false
    /// `duration`, `distance`, `speed`, `weight`, `nodes`, `datasources`; empty: none.
    var annotations: Set<String> = []
    /// The map's fingerprint when the waypoints get hints (`OSRMHint`); nil: empty hints.
    var mapFingerprint: UInt32?
    /// OSRM's `skip_waypoints=true`: the answer has no `waypoints`.
    var skipWaypoints = false
    /// OSRM's `generate_hints=false`: the waypoints have no `hint`.
    var generateHints = true

    /// What the answer reads of the routes: the steps, for themselves or for the annotations
    /// made from them (without either the routes are asked without steps), and each point's OSM
    /// node for `annotations=nodes`.
    var detail: RouteDetail {
        var detail: RouteDetail = []
        if steps || !annotations.isEmpty { detail.insert(.steps) }
        if steps { detail.insert(.intersections) }
        if annotations.contains("nodes") { detail.insert(.osmNodes) }
        return detail
    }
}
