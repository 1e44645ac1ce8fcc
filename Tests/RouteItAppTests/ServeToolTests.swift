import Foundation
import XCTest
import RouteItCore
import RouteItEngine
import RouteItRemote
@testable import routeit
#if canImport(Glibc)
import Glibc
#endif

/// `routeit serve` as a real child process on the Helsinki map: the same answers as the one-shot
/// tools give for the same query, RouteIt's own OSRM and Nominatim clients against it, hostile
/// requests answered or refused with the server alive, and SIGTERM ending it with status 0.
final class ServeToolTests: XCTestCase {
    private let station = "24.9414,60.1710", annankatu = "24.93714,60.16563", kalevankatu = "24.93889,60.16698"

    private func map() throws -> String { try HelsinkiFlowTests.importedMap() }

    private func tool(_ arguments: [String]) throws -> [String: Any] {
        let result = try RouteItProcess.run(arguments + ["--map", try map()],
                                            environment: ["ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed) as? [String: Any])
    }

    private func latLon(_ lonLat: String) -> String {
        let p = lonLat.split(separator: ",")
        return "\(p[1]),\(p[0])"
    }

    private func assertStops(_ server: ServeProcess, file: StaticString = #filePath, line: UInt = #line) {
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0, log, file: file, line: line)
        XCTAssertTrue(log.contains("routeit serve: stopped"), log, file: file, line: line)
    }

    /// /route's clock times are the map's (Helsinki's), not the server's TZ: opening hours there
    /// are Helsinki time. Under TZ=America/New_York they once carried New York's offset.
    func testClockTimesAreTheMapsWhateverTZSays() throws {
        let server = try ServeProcess(map: try map(), environment: ["TZ": "America/New_York"])
        defer { assertStops(server) }
        let served = try server.get("/route/v1/foot/\(station);\(kalevankatu)")
        XCTAssertEqual(served.status, 200)
        let clock = try XCTUnwrap(((served.object["routes"] as? [[String: Any]])?.first?["routeit"] as? [String: Any])?["departure"] as? String)
        let seconds = TimeZone(identifier: "Europe/Helsinki")!.secondsFromGMT(for: Date())
        XCTAssertTrue(clock.hasSuffix(String(format: "+%02d:00", seconds / 3600)), clock)
    }

    /// route, table, nearest, trip, search and reverse, each against the tool that answers the
    /// same question (`route --json`, `table --json`, `geocode --json`, `reverse --json`).
    func testAnswersAsTheOneShotToolsDo() throws {
        let server = try ServeProcess(map: try map())
        let served = try server.get("/route/v1/driving/\(station);\(kalevankatu)?overview=full&geometries=geojson&steps=true")
        XCTAssertEqual(served.status, 200)
        let route = try tool(["route", latLon(station), latLon(kalevankatu), "--json", "--overview", "full", "--geometries", "geojson", "--steps"])
        let a = try XCTUnwrap((served.object["routes"] as? [[String: Any]])?.first)
        let b = try XCTUnwrap((route["routes"] as? [[String: Any]])?.first)
        for key in ["distance", "duration"] { XCTAssertEqual(a[key] as? Double, b[key] as? Double, key) }
        XCTAssertEqual(coordinates(a["geometry"]), coordinates(b["geometry"]))
        XCTAssertEqual(stepNames(a), stepNames(b))
        XCTAssertFalse(stepNames(a).isEmpty)
        XCTAssertEqual((served.object["routeit"] as? [String: Any])?["attribution"] as? String, MapAttribution.text)

        // OSRM's defaults: simplified overview as a precision-5 polyline, no steps; polyline6 of
        // the full overview is the GeoJSON line.
        let defaults = try server.get("/route/v1/driving/\(station);\(kalevankatu)").object
        let plain = try XCTUnwrap((defaults["routes"] as? [[String: Any]])?.first)
        XCTAssertEqual(plain["distance"] as? Double, b["distance"] as? Double)
        let simplified = try XCTUnwrap(EncodedPolyline.decode(try XCTUnwrap(plain["geometry"] as? String)))
        XCTAssertGreaterThanOrEqual(simplified.count, 2)
        XCTAssertLessThanOrEqual(simplified.count, coordinates(b["geometry"]).count)
        XCTAssertEqual(((plain["legs"] as? [[String: Any]])?.first?["steps"] as? [Any])?.count, 0)
        // Built without steps, the route names and places its ends as with them.
        XCTAssertEqual(waypoints(defaults, "name"), waypoints(served.object, "name"))
        XCTAssertEqual((waypoints(defaults, "name").last as? String)?.isEmpty, false)
        XCTAssertEqual(waypoints(defaults, "location"), waypoints(served.object, "location"))
        let six = try server.get("/route/v1/driving/\(station);\(kalevankatu)?overview=full&geometries=polyline6").object
        let sixLine = try XCTUnwrap(((six["routes"] as? [[String: Any]])?.first?["geometry"] as? String).flatMap { EncodedPolyline.decode($0, precision: 6) })
        XCTAssertEqual(sixLine.map { [$0.longitude, $0.latitude] }, coordinates(b["geometry"]))

        // annotations: one value per segment of the leg's line, the distances adding up to the
        // leg, the durations to the leg less its turns and signals (the road's, as OSRM's).
        let annotated = try server.get("/route/v1/driving/\(station);\(kalevankatu)?overview=full&geometries=geojson&annotations=distance,duration").object
        let annotatedRoute = try XCTUnwrap((annotated["routes"] as? [[String: Any]])?.first)
        let leg = try XCTUnwrap((annotatedRoute["legs"] as? [[String: Any]])?.first)
        let annotation = try XCTUnwrap(leg["annotation"] as? [String: Any])
        let segmentDistances = try XCTUnwrap(annotation["distance"] as? [Double])
        XCTAssertEqual(segmentDistances.count, coordinates(annotatedRoute["geometry"]).count - 1)
        XCTAssertEqual(segmentDistances.reduce(0, +), try XCTUnwrap(leg["distance"] as? Double), accuracy: 2)
        let roadTime = (annotation["duration"] as? [Double])?.reduce(0, +) ?? 0, legTime = try XCTUnwrap(leg["duration"] as? Double)
        XCTAssertLessThanOrEqual(roadTime, legTime + 1)
        XCTAssertGreaterThan(roadTime, legTime * 0.6)
        XCTAssertNil(annotation["nodes"], "nodes only when asked")
        // annotations=nodes: an OSM node a point of the line (NearestNodeIdsTests checks which).
        let withNodes = try server.get("/route/v1/driving/\(station);\(kalevankatu)?overview=full&annotations=nodes").object
        let nodeLeg = try XCTUnwrap(((withNodes["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
        let lineNodes = try XCTUnwrap((nodeLeg["annotation"] as? [String: Any])?["nodes"] as? [Int64])
        XCTAssertEqual(lineNodes.count, segmentDistances.count + 1)
        XCTAssertTrue(lineNodes.allSatisfy { $0 > 0 })

        let places = [station, annankatu, kalevankatu]
        let table = try server.get("/table/v1/driving/\(places.joined(separator: ";"))?annotations=duration,distance").object
        let tableTool = try tool(["table"] + places.map(latLon) + ["--distances", "--json"])
        XCTAssertEqual(table["code"] as? String, "Ok")
        XCTAssertEqual(table["durations"] as? [[Double]], tableTool["durations"] as? [[Double]])
        XCTAssertEqual(table["distances"] as? [[Double]], tableTool["distances"] as? [[Double]])
        // The same places the same: what each was asked as, its address, where it joined the roads.
        for side in ["sources", "destinations"] {
            let servedPlaces = try XCTUnwrap(table[side] as? [[String: Any]]), toolPlaces = try XCTUnwrap(tableTool[side] as? [[String: Any]])
            XCTAssertEqual(servedPlaces.map { NominatimJSON.text($0["routeit"] ?? "") }, toolPlaces.map { NominatimJSON.text($0["routeit"] ?? "") }, side)
            XCTAssertEqual(servedPlaces.map { "\($0["location"] ?? "") \($0["name"] ?? "") \($0["distance"] ?? "")" },
                           toolPlaces.map { "\($0["location"] ?? "") \($0["name"] ?? "") \($0["distance"] ?? "")" }, side)
        }
        XCTAssertEqual(((table["sources"] as? [[String: Any]])?.first?["routeit"] as? [String: Any])?["query"] as? String, "60.171000,24.941400")

        let nearest = try server.get("/nearest/v1/driving/\(station)?number=1").object
        let waypoint = try XCTUnwrap((nearest["waypoints"] as? [[String: Any]])?.first)
        XCTAssertLessThan(try XCTUnwrap(waypoint["distance"] as? Double), 60)
        // The two OSM nodes of the road piece it snapped to (NearestNodeIdsTests checks which).
        let nodes = try XCTUnwrap(waypoint["nodes"] as? [Int64])
        XCTAssertEqual(nodes.count, 2)
        XCTAssertTrue(nodes.allSatisfy { $0 > 0 } && nodes[0] != nodes[1], "\(nodes)")
        // number=N: N roads, nearest first, the first the one number=1 gives.
        let three = try XCTUnwrap(try server.get("/nearest/v1/driving/\(station)?number=3").object["waypoints"] as? [[String: Any]])
        XCTAssertEqual(three.count, 3)
        let distances = three.compactMap { $0["distance"] as? Double }
        XCTAssertEqual(distances, distances.sorted())
        XCTAssertEqual(three[0]["location"] as? [Double], waypoint["location"] as? [Double])
        XCTAssertEqual(Set(three.compactMap { ($0["location"] as? [Double]).map { "\($0)" } }).count, 3, "three roads")
        // bearings: a road the car may drive within them; every direction is the nearest road,
        // and a narrow range takes the nearest of the roads going that way (no nearer).
        let anyWay = try server.get("/nearest/v1/driving/\(station)?bearings=0,180").object["waypoints"] as? [[String: Any]]
        XCTAssertEqual(anyWay?.first?["location"] as? [Double], waypoint["location"] as? [Double])
        var locations: Set<String> = []
        for bearing in [0, 90, 180, 270] {
            let steered = try server.get("/nearest/v1/driving/\(station)?bearings=\(bearing),20")
            XCTAssertEqual(steered.status, 200, "\(bearing)")
            let road = try XCTUnwrap((steered.object["waypoints"] as? [[String: Any]])?.first)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(road["distance"] as? Double), try XCTUnwrap(waypoint["distance"] as? Double))
            locations.insert("\(road["location"] ?? "")")
        }
        XCTAssertGreaterThan(locations.count, 1, "the bearing chooses the road")

        // The places are named as `routeit route` names them ("the start", "Stop 1"), not otherwise.
        let movedStart = "24.9470,60.1745"
        let moved = try server.get("/route/v1/driving/\(movedStart);\(station)").object
        let servedAlerts = ((moved["routes"] as? [[String: Any]])?.first?["routeit"] as? [String: Any])?["alerts"] as? [String] ?? []
        let toolAlerts = (((try tool(["route", latLon(movedStart), latLon(station), "--json"]))["routes"] as? [[String: Any]])?.first?["routeit"]
            as? [String: Any])?["alerts"] as? [String] ?? []
        XCTAssertTrue(servedAlerts.contains { $0.contains("the start was moved") }, "\(servedAlerts)")
        XCTAssertEqual(servedAlerts, toolAlerts)
        // One encoder: the one-shot's defaults are OSRM's, and the served answer's.
        let toolDefault = try tool(["route", latLon(station), latLon(kalevankatu), "--json"])
        XCTAssertEqual((toolDefault["routes"] as? [[String: Any]])?.first?["geometry"] as? String, plain["geometry"] as? String)

        let trip = try server.get("/trip/v1/driving/\(places.joined(separator: ";"))?steps=true").object
        XCTAssertEqual(trip["code"] as? String, "Ok")
        XCTAssertEqual((trip["trips"] as? [Any])?.count, 1)
        let indices = (trip["waypoints"] as? [[String: Any]])?.compactMap { $0["waypoint_index"] as? Int }
        XCTAssertEqual(indices?.sorted(), [0, 1, 2])
        XCTAssertEqual(indices?.first, 0)

        // The geocoder the tools use, in process (the tools' own runs cost a map opening each).
        let geocoder = LazyOfflineGeocoder(map: try RouteItMap(path: try map()))
        let servedMatches = try XCTUnwrap(try server.get("/search?q=Annankatu+25&format=jsonv2").json as? [[String: Any]])
        let matches = try geocoder.withDistricts(wait { try await geocoder.geocode("Annankatu 25") }).map(NominatimJSON.object)
        XCTAssertFalse(servedMatches.isEmpty)
        for key in ["display_name", "lat", "lon", "place_id", "licence", "category", "type"] {
            XCTAssertEqual(servedMatches.map { "\($0[key] ?? "")" }, matches.map { "\($0[key] ?? "")" }, key)
        }
        let reverse = try server.get("/reverse?lat=60.16563&lon=24.93714&format=jsonv2").object
        let place = try XCTUnwrap(try wait { try await geocoder.reverseGeocode(Coordinate(latitude: 60.16563, longitude: 24.93714)) })
        let expected = NominatimJSON.object(try XCTUnwrap(geocoder.withDistricts([place]).first))
        for key in ["display_name", "lat", "lon", "category", "type", "licence"] {
            XCTAssertEqual(reverse[key] as? String, expected[key] as? String, key)
        }
        XCTAssertEqual(try server.get("/status").body, Data("OK".utf8))
        assertStops(server)
    }

    /// An address names its neighbourhood and suburb as Nominatim 5.3 names them on the same
    /// extract (from its district nodes), in `address` and `display_name`, searched or reversed.
    func testAddressesNameTheirNeighbourhoodAndSuburb() throws {
        let server = try ServeProcess(map: try map())
        let found = try XCTUnwrap((try server.get("/search?q=Annankatu+25&format=jsonv2&addressdetails=1&limit=1").json as? [[String: Any]])?.first)
        let address = try XCTUnwrap(found["address"] as? [String: String])
        XCTAssertEqual(address["neighbourhood"], "Keskusta")
        XCTAssertEqual(address["suburb"], "Kaartinkaupunki")
        XCTAssertEqual(found["display_name"] as? String, "25, Annankatu, Keskusta, Kaartinkaupunki, Helsinki, 00100, Suomi")
        for (lat, lon, suburb) in [(60.1644602, 24.9495535, "Kaartinkaupunki"), (60.17, 24.95, "Kluuvi")] {
            let reverse = try server.get("/reverse?lat=\(lat)&lon=\(lon)&format=jsonv2").object
            XCTAssertEqual((reverse["address"] as? [String: String])?["neighbourhood"], "Keskusta", "\(lat),\(lon)")
            XCTAssertEqual((reverse["address"] as? [String: String])?["suburb"], suburb, "\(lat),\(lon)")
        }
        // /lookup and `routeit reverse --json` name them too.
        let type = try XCTUnwrap((found["osm_type"] as? String)?.first).uppercased(), id = try XCTUnwrap(found["osm_id"] as? Int)
        let looked = try XCTUnwrap((try server.get("/lookup?osm_ids=\(type)\(id)&format=jsonv2").json as? [[String: Any]])?.first)
        XCTAssertEqual(looked["address"] as? [String: String], address)
        let told = try tool(["reverse", "60.17,24.95", "--json"])
        XCTAssertEqual((told["address"] as? [String: String])?["suburb"], "Kluuvi")
        XCTAssertEqual(told["display_name"] as? String, try server.get("/reverse?lat=60.17&lon=24.95&format=jsonv2").object["display_name"] as? String)
        assertStops(server)
    }

    /// OSRM's table options and Nominatim's search limits change the answer as those servers'
    /// do (Nominatim 5.3's answers on the Helsinki extract for the filters).
    func testTableOptionsAndSearchFiltersAreHeld() throws {
        let server = try ServeProcess(map: try map())
        let pair = "/table/v1/driving/24.9417,60.1681;24.9366,60.1674"
        let plain = try XCTUnwrap(try server.get(pair).object["durations"] as? [[Double]])
        let doubled = try XCTUnwrap(try server.get(pair + "?scale_factor=2").object["durations"] as? [[Double]])
        XCTAssertEqual(doubled[0][1], plain[0][1] * 2, accuracy: 0.11)
        XCTAssertEqual(doubled[1][0], plain[1][0] * 2, accuracy: 0.11)
        let distancesOnly = try server.get(pair + "?annotations=distance").object
        XCTAssertNil(distancesOnly["durations"], "annotations=distance answers the distances alone")
        XCTAssertNotNil(distancesOnly["distances"])
        XCTAssertEqual(try server.get(pair + "?scale_factor=0").status, 400)
        XCTAssertEqual(try server.get(pair + "?scale_factor=1e308").status, 400, "not every duration written as null")
        // The waypoints are where the places join the roads, as the route's are.
        let tableSource = try XCTUnwrap((try server.get(pair).object["sources"] as? [[String: Any]])?.first)
        let routeStart = try XCTUnwrap((try server.get("/route/v1/driving/24.9417,60.1681;24.9366,60.1674").object["waypoints"] as? [[String: Any]])?.first)
        for key in ["location", "name", "distance"] {
            XCTAssertEqual("\(tableSource[key] ?? "")", "\(routeStart[key] ?? "")", key)
        }
        XCTAssertEqual(tableSource["name"] as? String, "Mannerheimintie")
        // waypoints: OSRM's rules; every coordinate is served, via points are said not to be.
        let route3 = "/route/v1/driving/24.9417,60.1681;24.9366,60.1674;24.9400,60.1700"
        XCTAssertEqual(try server.get(route3 + "?waypoints=0;1;2").status, 200)
        for (bad, code) in [("1", "InvalidValue"), ("0;1", "InvalidValue"), ("0;2;1;2", "InvalidValue"), ("0;x;2", "InvalidOptions"), ("0;2", "NotImplemented")] {
            let refused = try server.get(route3 + "?waypoints=" + bad)
            XCTAssertEqual(refused.status, 400, bad)
            XCTAssertEqual(refused.object["code"] as? String, code, bad)
        }
        XCTAssertFalse((tableSource["hint"] as? String ?? "").isEmpty)
        let toolSource = try XCTUnwrap((try tool(["table", "60.1681,24.9417", "60.1674,24.9366", "--json"])["sources"] as? [[String: Any]])?.first)
        XCTAssertEqual("\(toolSource["location"] ?? "")", "\(tableSource["location"] ?? "")")

        func names(_ query: String) throws -> [String] {
            try XCTUnwrap(try server.get("/search?q=Kluuvi&format=jsonv2&" + query).json as? [[String: Any]]).compactMap { $0["name"] as? String }
        }
        let all = try names("limit=5")
        XCTAssertEqual(all.first, "Kluuvi")
        XCTAssertEqual(try names("countrycodes=se"), [])
        XCTAssertEqual(try names("countrycodes=fi,se&limit=5"), all)
        XCTAssertEqual(try names("countrycodes=abc&limit=5"), all, "a code that is not two letters is ignored")
        XCTAssertEqual(try names("viewbox=10,40,11,41&bounded=1"), [])
        XCTAssertEqual(try names("viewbox=10,40,11,41&bounded=yes"), [], "anything but 0 is true, as Nominatim reads it")
        XCTAssertEqual(try names("viewbox=10,40,11,41&limit=5").count, all.count, "not bounded: it only ranks")
        let first = try XCTUnwrap(try server.get("/search?q=Kluuvi&format=jsonv2&limit=1").json as? [[String: Any]]).first
        let id = try XCTUnwrap(first?["place_id"] as? Int)
        XCTAssertFalse(try XCTUnwrap(try server.get("/search?q=Kluuvi&format=jsonv2&exclude_place_ids=\(id)").json as? [[String: Any]])
            .contains { $0["place_id"] as? Int == id })
        XCTAssertEqual(try server.get("/search?q=Kluuvi&exclude_place_ids=abc").status, 400)
        XCTAssertEqual(try server.get("/search?q=Kluuvi&viewbox=1,2,3&bounded=1").status, 400)
        XCTAssertEqual(try server.get("/search?q=Kluuvi&viewbox=0x18,0x3c,25,60.2&bounded=1").status, 400, "decimal only")
        let longExclude = try server.get("/search?q=Kluuvi&exclude_place_ids=" + String(repeating: "x", count: 20_000))
        XCTAssertEqual(longExclude.status, 400)
        XCTAssertLessThan(longExclude.body.count, 400, "the value quoted cut short")
        XCTAssertEqual(try server.get("/search?q=Kluuvi&postalcode=00100").status, 400, "q or structured, as Nominatim")
        // A postcode alone is its area, as Nominatim answers it.
        let postcode = try XCTUnwrap(try server.get("/search?postalcode=00100&format=jsonv2&addressdetails=1").json as? [[String: Any]])
        XCTAssertEqual(postcode.first?["type"] as? String, "postcode")
        XCTAssertEqual((postcode.first?["address"] as? [String: String])?["postcode"], "00100")
        // Its box is Nominatim's for a Finnish postcode: 5 km each way of its centre, not a point's.
        let box = try XCTUnwrap(postcode.first?["boundingbox"] as? [String]).compactMap(Double.init)
        XCTAssertEqual(box[1] - box[0], 2 * 0.04488, accuracy: 1e-4)
        XCTAssertEqual(box[3] - box[2], 2 * 0.09006, accuracy: 2e-4)
        assertStops(server)
    }

    /// Nominatim's `zoom` asks for a coarser answer: the street (16-17), the neighbourhood (15),
    /// the suburb (13-14) or the town (12 and less), as Nominatim 5.3 answers these points of
    /// the Helsinki extract (its suburb and town nodes); no zoom and 18 or more: the address.
    func testReverseAnswersAtTheZoomAsked() throws {
        let server = try ServeProcess(map: try map())
        func reverse(_ lat: Double, _ lon: Double, zoom: String?) throws -> [String: Any] {
            try server.get("/reverse?lat=\(lat)&lon=\(lon)&format=jsonv2" + (zoom.map { "&zoom=\($0)" } ?? "")).object
        }
        let plain = try reverse(60.165, 24.947, zoom: nil)
        XCTAssertEqual(try reverse(60.165, 24.947, zoom: "18")["display_name"] as? String, plain["display_name"] as? String)
        XCTAssertEqual(try reverse(60.165, 24.947, zoom: "25")["display_name"] as? String, plain["display_name"] as? String)
        let street = try reverse(60.165, 24.947, zoom: "16")
        XCTAssertEqual(street["category"] as? String, "highway")
        XCTAssertNil((street["address"] as? [String: String])?["house_number"], "\(street)")
        for (lat, lon, suburb) in [(60.165, 24.947, "Kaartinkaupunki"), (60.178, 24.95, "Siltasaari"), (60.1734, 24.9365, "Kaisaniemi")] {
            let found = try reverse(lat, lon, zoom: "14")
            XCTAssertEqual(found["name"] as? String, suburb, "\(lat),\(lon)")
            XCTAssertEqual(found["category"] as? String, "place")
            // What the place is, as the real Nominatim on the same extract says it.
            XCTAssertEqual(found["type"] as? String, "suburb")
            XCTAssertEqual(found["addresstype"] as? String, "suburb")
            XCTAssertEqual((found["address"] as? [String: String])?["suburb"], suburb)
            XCTAssertEqual(found["place_rank"] as? Int, 19)
            XCTAssertEqual(NominatimShapeTests.problems(found), [])
        }
        // `routeit reverse --zoom` is the same question with the same answer.
        let served = try reverse(60.178, 24.95, zoom: "14")
        let told = try tool(["reverse", "60.178,24.95", "--zoom", "14", "--json"])
        XCTAssertEqual(NSDictionary(dictionary: told), NSDictionary(dictionary: served))
        XCTAssertEqual(try reverse(60.17, 24.94, zoom: "15")["name"] as? String, "Keskusta", "the neighbourhood node nearest")
        for zoom in ["3", "10", "12"] {
            let town = try reverse(60.165, 24.947, zoom: zoom)
            XCTAssertEqual(town["name"] as? String, "Helsinki", zoom)
            XCTAssertEqual(town["lat"] as? String, "60.1674098", "the city's node")
            XCTAssertEqual(town["osm_type"] as? String, "node")
            XCTAssertEqual(town["type"] as? String, "city")
            XCTAssertEqual(town["place_rank"] as? Int, 16)
            XCTAssertEqual(town["boundingbox"] as? [String], ["60.0074098", "60.3274098", "24.7825769", "25.1025769"],
                           "Nominatim's box round a city node")
        }
        for bad in ["-1", "abc", "1.5"] {
            let refused = try server.get("/reverse?lat=60.17&lon=24.94&format=jsonv2&zoom=\(bad)")
            XCTAssertEqual(refused.status, 400, bad)
        }
        // Numbers are decimal, as `routeit reverse` reads them: 0x3C.2B is not 60.168.
        XCTAssertEqual(try server.get("/reverse?lat=0x3C.2B&lon=0x18.EF&format=jsonv2").status, 400)
        assertStops(server)
    }

    /// RouteIt's own remote backends, pointed at `routeit serve`, route and geocode as the
    /// embedded engine does on the same map.
    func testRemoteBackendsAgainstServeMatchTheEmbeddedEngine() async throws {
        let map = try map()
        let server = try ServeProcess(map: map)
        let base = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)"))
        let configuration = RemoteConfiguration(timeout: 30, maxAttempts: 1)
        let remote = OSRMDirections(baseURL: base, configuration: configuration)
        let embedded = try OfflineDirections(path: map)
        let pairs = [(station, kalevankatu), (annankatu, station), (kalevankatu, annankatu)]
        for mode in [TransportType.car, .walk, .bike] {
            for (from, to) in pairs {
                let request = DirectionsRequest(source: item(from), destination: item(to), transportType: mode, requestsAlternateRoutes: false)
                let served = try await remote.calculate(request)
                let direct = try await embedded.calculate(request)
                XCTAssertEqual(served.first.map { ($0.distance * 10).rounded() / 10 }, direct.first.map { ($0.distance * 10).rounded() / 10 }, "\(mode) \(from) \(to)")
                XCTAssertEqual(served.first?.steps.count, direct.first?.steps.count, "\(mode) \(from) \(to)")
            }
        }
        // A table's waypoints come through OSRM's answer as the embedded table gives them.
        let places = [station, annankatu, kalevankatu].map(item)
        let tableRequest = TravelTableRequest(sources: places, destinations: places, transportType: .car, wantsRoads: true)
        let servedTable = try await remote.table(tableRequest)
        let directTable = try await embedded.table(tableRequest)
        XCTAssertEqual(servedTable.sourceRoads?.map { $0?.name }, directTable.sourceRoads?.map { $0?.name })
        XCTAssertEqual(servedTable.destinationRoads?.count, 3)
        XCTAssertEqual(directTable.sourceRoads?.compactMap { $0 }.count, 3)
        let geocoder = NominatimGeocoder(baseURL: base, configuration: configuration)
        let offline = LazyOfflineGeocoder(map: try RouteItMap(path: map))
        let servedMatches = try await geocoder.geocode("Annankatu 25")
        let directMatches = try await offline.geocode("Annankatu 25")
        XCTAssertFalse(servedMatches.isEmpty)
        XCTAssertEqual(servedMatches.map(\.formattedAddress), directMatches.map(\.formattedAddress))
        let spot = Coordinate(latitude: 60.16563, longitude: 24.93714)
        let servedPlace = try await geocoder.reverseGeocode(spot)
        let directPlace = try await offline.reverseGeocode(spot)
        XCTAssertEqual(servedPlace?.formattedAddress, directPlace?.formattedAddress)
        assertStops(server)
    }

    /// A 300 KB header, a 1 GB Content-Length, a 100,000-place URL, bad percent-encoding and a
    /// client that never finishes its headers: each refused with its status (the last by the
    /// deadline), the server still answering, one log line each, SIGTERM exiting 0.
    func testHostileRequestsAreRefusedAndTheServerStaysUp() throws {
        let server = try ServeProcess(map: try map(), extra: ["--request-timeout", "1", "--max-trip-size", "3"])
        let header = try server.exchange(Data("GET /status HTTP/1.1\r\nX-Big: ".utf8) + Data(repeating: 97, count: 300_000) + Data("\r\n\r\n".utf8))
        XCTAssertEqual(header.status, 431)
        let body = try server.exchange(Data("POST /route/v1/driving/1,2;3,4 HTTP/1.1\r\nContent-Length: 1000000000\r\n\r\n".utf8))
        XCTAssertEqual(body.status, 413)
        XCTAssertEqual(body.object["code"] as? String, "TooBig")
        let places = Array(repeating: "24.940000,60.170000", count: 100_000).joined(separator: ";")
        XCTAssertEqual(try server.get("/route/v1/driving/" + places).status, 414)
        let badEncoding = try server.get("/route/v1/driving/24.94,60.17;24.95,60.16%zz")
        XCTAssertEqual(badEncoding.status, 400)
        XCTAssertEqual(badEncoding.object["code"] as? String, "InvalidUrl")
        let badSearch = try server.get("/search?q=%E0%A4")
        XCTAssertEqual(badSearch.status, 400)
        XCTAssertNotNil((badSearch.object["error"] as? [String: Any])?["message"] as? String)
        XCTAssertEqual(try server.get("/table/v1/driving/" + Array(repeating: station, count: 150).joined(separator: ";")).object["code"] as? String, "TooBig")
        // A place right after itself, or twice in a trip, is refused as `routeit route` refuses it.
        let againRoute = try server.get("/route/v1/driving/24.9412,60.1690;24.9412,60.1690")
        XCTAssertEqual(againRoute.status, 400)
        XCTAssertEqual(againRoute.object["code"] as? String, "InvalidValue")
        XCTAssertTrue((againRoute.object["message"] as? String)?.contains("coordinate 1 (60.169000,24.941200) is the same place as coordinate 0") == true,
                      "\(againRoute.object)")
        XCTAssertEqual(try server.get("/trip/v1/driving/24.9412,60.1690;24.9366,60.1674;24.9366,60.1674").object["code"] as? String, "InvalidValue")
        XCTAssertEqual(try server.get("/route/v1/driving/24.9412,60.1690;24.9366,60.1674;24.9412,60.1690").status, 200, "back to a place later is a route")
        // A trip's places are bounded (--max-trip-size; each costs a serving thread seconds).
        let bigTrip = try server.get("/trip/v1/driving/24.9414,60.1710;24.9366,60.1674;24.9470,60.1745;24.9500,60.1700")
        XCTAssertEqual(bigTrip.status, 400)
        XCTAssertEqual(bigTrip.object["code"] as? String, "TooBig")

        // Slowloris: headers begun and never finished. The deadline answers 408 and closes.
        let slow = try server.connect()
        defer { close(slow) }
        _ = "GET /status HTTP/1.1\r\nHost: x\r\n".withCString { send(slow, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let late = try ServeProcess.parse(try server.readToEnd(slow, timeout: 30))
        XCTAssertEqual(late.status, 408)

        // Clients holding keep-alive connections open (more than the server's two threads) do not
        // starve a new one: idle connections wait in the poll loop, not on a serving thread
        // (they would hold both threads for the 5 s idle timeout).
        let holders = try (0..<3).map { _ in try server.connect() }
        defer { holders.forEach { close($0) } }
        for fd in holders {
            _ = "GET /status HTTP/1.1\r\nHost: x\r\n\r\n".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
        let prompt = try server.exchange(Data("GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), timeout: 3)
        XCTAssertEqual(prompt.status, 200)

        // RFC 9112 3.2: an HTTP/1.1 request without Host is refused; HTTP/1.0 may leave it out.
        let hostless = try server.exchange(Data("GET /status HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertEqual(hostless.status, 400)
        XCTAssertEqual(hostless.object["message"] as? String, "an HTTP/1.1 request needs a Host header naming the server")
        XCTAssertEqual(try server.exchange(Data("GET /status HTTP/1.0\r\n\r\n".utf8)).status, 200)

        // Keep-alive: two pipelined requests on one connection, both answered, then closed.
        let kept = try server.exchange(Data("GET /status HTTP/1.1\r\nHost: x\r\n\r\nGET /status?format=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertTrue(String(decoding: kept.body, as: UTF8.self).contains("\"message\":\"OK\""), String(decoding: kept.body, as: UTF8.self))
        let statusJSON = try server.get("/status?format=json").object
        XCTAssertEqual(statusJSON["message"] as? String, "OK")
        // The data's date is the extract's; this one's header has none (the import's is not it).
        XCTAssertNil(statusJSON["data_updated"])
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0, log)
        let lines = log.split(separator: "\n").filter { $0.hasPrefix("[info] ") }
        XCTAssertGreaterThanOrEqual(lines.count, 10, log)
        XCTAssertTrue(lines.contains { $0.contains(" 408 ") && $0.contains("ms 127.0.0.1") }, log)
        XCTAssertTrue(lines.contains { $0.contains(" 414 ") }, log)
    }

    /// A client that holds its body back until told (`Expect: 100-continue`, as curl does for
    /// larger bodies) is told at once, not left waiting for the request deadline.
    func testABodyExpectingContinueIsAskedForAtOnce() throws {
        let server = try ServeProcess(map: try map())
        let fd = try server.connect()
        defer { close(fd) }
        _ = "GET /status HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\nConnection: close\r\n\r\n"
            .withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        XCTAssertEqual(poll(&fds, 1, 3_000), 1, "an answer within 3 s")
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let n = recv(fd, &chunk, chunk.count, 0)
        XCTAssertEqual(String(decoding: chunk[..<max(0, n)], as: UTF8.self), "HTTP/1.1 100 Continue\r\n\r\n")
        _ = "hello".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let answer = try ServeProcess.parse(try server.readToEnd(fd, timeout: 5))
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, Data("OK".utf8))
        assertStops(server)
    }

    /// Nominatim reads a query that is a coordinate as "what is here": the place `/reverse`
    /// gives there, as `routeit geocode` answers the same text; off the map, nothing.
    func testSearchForACoordinateAnswersThePlaceThere() throws {
        let server = try ServeProcess(map: try map())
        let reverse = try server.get("/reverse?lat=60.16563&lon=24.93714&format=jsonv2").object
        XCTAssertNotNil(reverse["display_name"] as? String)
        let searched = try XCTUnwrap(try server.get("/search?q=60.16563,24.93714&format=jsonv2").json as? [[String: Any]])
        XCTAssertEqual(searched.count, 1)
        for key in ["display_name", "lat", "lon", "place_id", "category", "type"] {
            XCTAssertEqual("\(searched.first?[key] ?? "")", "\(reverse[key] ?? "")", key)
        }
        let told = try RouteItProcess.run(["geocode", "60.16563, 24.93714", "--json", "--map", try map()],
                                          environment: ["ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""], timeout: 120)
        XCTAssertEqual(told.status, 0, told.stderr)
        let toolMatches = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(told.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(toolMatches.map { $0["display_name"] as? String }, searched.map { $0["display_name"] as? String })
        XCTAssertEqual(try server.get("/search?q=0,0").body, Data("[]".utf8))
        // The same numbers as /reverse reads them: a sign (a raw + is a space), not hexadecimal.
        XCTAssertEqual(try server.get("/reverse?lat=+60.16563&lon=%2B24.93714&format=jsonv2").object["display_name"] as? String,
                       reverse["display_name"] as? String)
        let viewbox = "/search?q=Annankatu&format=jsonv2&bounded=1&viewbox="
        XCTAssertEqual(try server.get(viewbox + "+24.93,60.16,24.96,+60.18").status, 200)
        for bad in ["24.93,60.16,24.93,60.16", "24,93,60,16", "0x18.EE,60.16,24.96,60.18"] {
            let refused = try server.get(viewbox + bad)
            XCTAssertEqual(refused.status, 400, bad)
            XCTAssertNotNil((refused.object["error"] as? [String: Any])?["message"] as? String, bad)
        }
        let fallback = try server.get("/table/v1/driving/24.9417,60.1681;24.9366,60.1674?fallback_coordinate=ZZZZ")
        XCTAssertEqual(fallback.status, 400)
        XCTAssertEqual(fallback.object["code"] as? String, "InvalidOptions")
        assertStops(server)
    }

    private func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        try ToolServices.wait(body)
    }

    /// Slow clients (more than the server's two threads, each part-way through its headers) hold
    /// no serving thread while they dawdle: a whole request from another client is answered at
    /// once, not after their 10 s deadline.
    func testSlowClientsDoNotHoldTheServingThreads() throws {
        let server = try ServeProcess(map: try map())
        let slow = try (0..<3).map { _ in try server.connect() }
        defer { slow.forEach { close($0) } }
        for fd in slow {
            _ = "GET /status HTTP/1.1\r\nHost: 127.".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
        let prompt = try server.exchange(Data("GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), timeout: 3)
        XCTAssertEqual(prompt.status, 200)
        // The slow ones still finish their requests and are answered.
        _ = "0.0.1\r\nConnection: close\r\n\r\n".withCString { send(slow[0], $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        XCTAssertEqual(try ServeProcess.parse(try server.readToEnd(slow[0], timeout: 30)).status, 200)
        assertStops(server)
    }

    private func item(_ lonLat: String) -> MapItem {
        let p = lonLat.split(separator: ",").compactMap { Double($0) }
        return MapItem(placemark: Placemark(coordinate: Coordinate(latitude: p[1], longitude: p[0])))
    }

    private func coordinates(_ geometry: Any?) -> [[Double]] {
        (geometry as? [String: Any])?["coordinates"] as? [[Double]] ?? []
    }

    /// Each waypoint's `key` of an answer, as JSON values.
    private func waypoints(_ answer: [String: Any], _ key: String) -> [NSObject] {
        ((answer["waypoints"] as? [[String: Any]]) ?? []).map { ($0[key] as? NSObject) ?? NSNull() }
    }

    private func stepNames(_ route: [String: Any]) -> [String] {
        ((route["legs"] as? [[String: Any]]) ?? []).flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }.compactMap { $0["name"] as? String }
    }
}
