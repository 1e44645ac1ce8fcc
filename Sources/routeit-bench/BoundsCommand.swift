import RouteItEngine

/// `routeit-bench bounds --map MAP`: the map's bounding box, so Scripts/bench can probe
/// osrm-routed with a point inside the data.
enum BoundsCommand {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["map"])
        let path = args.required("map")
        do {
            guard let box = try RouteItMap(path: path).boundingBox else { fail("\(path) has no bounding box") }
            JSONValue.print(["min_lat": box.minLatitude, "min_lon": box.minLongitude,
                             "max_lat": box.maxLatitude, "max_lon": box.maxLongitude])
        } catch {
            fail("\(path): \(error)")
        }
    }
}
