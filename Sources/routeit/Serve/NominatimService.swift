import Foundation
import RouteItCore
import RouteItEngine

/// Answers Nominatim's `/search`, `/reverse`, `/lookup` and `/status` from the map's geocoder,
/// each place written by `NominatimJSON` (the one writer `geocode --json` uses) in the asked
/// format: jsonv2, json (`class` for `category`) or geojson (a FeatureCollection).
/// Errors in Nominatim's shape: `{"error":{"code":400,"message":"..."}}`.
struct NominatimService: Sendable {
    let geocoder: any Geocoding
    /// What `/status` reports as the data's date and version.
    let mapDate: String?

    enum Format: String { case jsonv2, json, geojson }

    struct Failure: Error {
        var message: String
    }

    func answer(_ endpoint: String, _ target: RequestTarget) -> HTTPResponse {
        do {
            if endpoint != "status" {
            try refuseUnserved(target)
            _ = try NominatimPointGeometry.asked(target, at: Coordinate(latitude: 0, longitude: 0))
        }
            switch endpoint {
            case "status": return try status(target)
            case "search": return try search(target)
            case "reverse": return try reverse(target)
            default: return try lookup(target)
            }
        } catch let failure as Failure {
            return Self.failure(failure.message)
        } catch let alert as Alert where alert.reason == .outsideMap {
            // Nothing there, as Nominatim says it for a place outside its data.
            return HTTPResponse(status: 200, body: NominatimJSON.text(["error": "Unable to geocode"]))
        } catch {
            return HTTPResponse(status: 503, body: NominatimJSON.text(["error": ["code": 503, "message": UserMessage.sentence(for: error)]]))
        }
    }

    static func failure(_ message: String, status: Int = 400) -> HTTPResponse {
        HTTPResponse(status: status, body: NominatimJSON.text(["error": ["code": status, "message": message]]))
    }

    /// What the map cannot answer is refused, not passed over: a map imported before its name
    /// tags were kept (schema 19) has none to list or to show another language by.
    private func refuseUnserved(_ target: RequestTarget) throws {
        guard (geocoder as? NameTagsKeeping)?.keepsNameTags != true else { return }
        if let language = target.value("accept-language"), !language.trimmingCharacters(in: .whitespaces).isEmpty {
            throw Failure(message: "Parameter 'accept-language' is not served: this map keeps each place's name in one language; import it again with this routeit, or leave accept-language out.")
        }
        if flag(target, "namedetails", default: false) {
            throw Failure(message: "Parameter 'namedetails' is not served: this map keeps no name:* tags; import it again with this routeit, or leave namedetails out.")
        }
    }

    private func format(_ target: RequestTarget, default given: Format = .jsonv2) throws -> Format {
        guard let text = target.value("format") else { return given }
        guard let format = Format(rawValue: text) else {
            throw Failure(message: "Parameter 'format' must be one of: json, jsonv2, geojson.")
        }
        return format
    }

    private func flag(_ target: RequestTarget, _ name: String, default given: Bool) -> Bool {
        target.value(name).map(Self.isTrue) ?? given
    }

    /// A number in a parameter (`lat`, `lon`, `viewbox`): decimal (`60.17`, `-0.5`, `6.017e1`,
    /// an optional sign), spaces around it ignored: a `+` written raw in a URL is a space, so
    /// `lat=+60.17` is 60.17 as `lat=%2B60.17` is. Not `0x3C`, `inf` or `nan`.
    static func number(_ text: String) -> Double? {
        DecimalNumber.parse(text.trimmingCharacters(in: .whitespaces))
    }

    /// Nominatim's reading of a flag: anything but `0` is true (and `false`, for people).
    static func isTrue(_ value: String) -> Bool { !(value == "0" || value == "false") }

    private func search(_ target: RequestTarget) throws -> HTTPResponse {
        let format = try format(target)
        // Joined in an address's own order, as Nominatim reads them: the postcode before the
        // country, so a trailing country is the map's and ignored as a typed one is (after the
        // postcode it hid it: "…, Finland, 00100" found nothing or places named "Finland").
        let structured = ["amenity", "street", "city", "county", "state", "postalcode", "country"].compactMap { target.value($0) }
        if target.value("q") != nil, !structured.isEmpty {
            throw Failure(message: "Structured query parameters(amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.")
        }
        let text = (target.value("q") ?? structured.joined(separator: ", ")).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw Failure(message: "Nominatim needs a query: q=TEXT, or street=, city=, postalcode=...") }
        guard text.utf8.count <= 1_000 else { throw Failure(message: "The query is longer than 1000 bytes.") }
        var limit = 10
        if let given = target.value("limit") {
            // Nominatim 5 clamps a whole number to 1...50 (limit=0 is one answer, not a 400).
            guard let n = Int(given) else { throw Failure(message: "Parameter 'limit' must be a number.") }
            limit = max(1, min(n, 50))
        }
        let filter = try NominatimSearchFilter(target)
        let geocoder = self.geocoder
        let near = filter.viewbox.map { Coordinate(latitude: ($0.minLatitude + $0.maxLatitude) / 2,
                                                   longitude: ($0.minLongitude + $0.maxLongitude) / 2) }
        let found: [Placemark]
        do {
            found = try ToolServices.wait { try await geocoder.places(matching: text, near: near) }
        } catch let alert as Alert where alert.reason == .outsideMap {
            found = []   // a coordinate off the map: nothing there, as for one with nothing near
        }
        let results = try named(Array(found.filter(filter.keeps).prefix(limit)), target)
        return ok(places(results, format, target, details: flag(target, "addressdetails", default: false)))
    }

    private func reverse(_ target: RequestTarget) throws -> HTTPResponse {
        let format = try format(target, default: .jsonv2)
        if target.value("layer") != nil { throw Failure(message: NominatimSearchFilter.layerRefusal) }
        guard let latText = target.value("lat"), let lonText = target.value("lon") else {
            throw Failure(message: "Need coordinates or OSM object to lookup.")
        }
        guard let lat = Self.number(latText), let lon = Self.number(lonText), Coordinate(latitude: lat, longitude: lon).isValid else {
            throw Failure(message: "Invalid coordinates.")
        }
        // Nominatim's detail: 18 (a building) unless asked.
        let detail = try target.value("zoom").map { given in
            guard let detail = ReverseDetail(nominatimZoomText: given) else {
                throw Failure(message: "Parameter 'zoom' must be a number from 0 to 18.")
            }
            return detail
        } ?? .address
        let geocoder = self.geocoder
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        let found = try ToolServices.wait { try await geocoder.place(at: coordinate, detail: detail) }
        guard let place = try found.flatMap({ try named([$0], target).first }) else {
            return HTTPResponse(status: 200, body: NominatimJSON.text(["error": "Unable to geocode"]))
        }
        let details = flag(target, "addressdetails", default: true)
        if format == .geojson { return ok(places([place], format, target, details: details)) }
        return ok(NominatimJSON.text(object(place, format, target, details: details)))
    }

    /// The places read from the OSM ids asked (`N123,W45`), in that order; ids the map does not
    /// have as places are left out (an empty list when none is, or the map keeps no OSM ids),
    /// as Nominatim answers for ids it does not have.
    private func lookup(_ target: RequestTarget) throws -> HTTPResponse {
        let format = try format(target)
        let ids = (target.value("osm_ids") ?? "").split(separator: ",")
        let references = ids.compactMap(OSMReference.init(lookup:))
        guard !ids.isEmpty, references.count == ids.count else {
            throw Failure(message: "Parameter 'osm_ids' needs a list of OSM ids such as N123,W456,R789.")
        }
        guard ids.count <= 50 else { throw Failure(message: "Parameter 'osm_ids' takes at most 50 ids.") }
        guard let lookup = geocoder as? any OSMPlaceLookup else { return ok(places([], format, target, details: false)) }
        let found = try named(try ToolServices.wait { try await lookup.places(references) }, target)
        // Nominatim 5's lookup gives the address unless `addressdetails=0`.
        return ok(places(found, format, target, details: flag(target, "addressdetails", default: true)))
    }

    private func status(_ target: RequestTarget) throws -> HTTPResponse {
        guard let format = target.value("format"), format != "text" else {
            return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "OK")
        }
        guard format == "json" else { throw Failure(message: "Parameter 'format' must be one of: text, json.") }
        var body: [String: Any] = ["status": 0, "message": "OK", "software_version": "routeit \(RouteItVersion.program)",
                                   "database_version": "\(MapSchema.version)"]
        body["data_updated"] = mapDate
        return ok(NominatimJSON.text(body))
    }

    private func ok(_ body: String) -> HTTPResponse { HTTPResponse(status: 200, body: body) }

    /// `places` with their names read from the map when the answer shows them (`namedetails`,
    /// or `accept-language`'s other languages); else as found, without: the geocoder reads them
    /// only when asked.
    private func named(_ found: [Placemark], _ target: RequestTarget) throws -> [Placemark] {
        // Every answer shows its districts (`address`, `display_name`).
        let places = try geocoder.namingDistricts(of: found)
        let languages = NominatimJSON.languages(target.value("accept-language") ?? "")
        guard flag(target, "namedetails", default: false) || !languages.isEmpty, let keeping = geocoder as? NameTagsKeeping else {
            return places
        }
        return try keeping.withNames(places)
    }

    private func places(_ results: [Placemark], _ format: Format, _ target: RequestTarget, details: Bool) -> String {
        guard format == .geojson else { return NominatimJSON.text(results.map { object($0, format, target, details: details) }) }
        let features = results.map { place -> [String: Any] in
            // The feature's geometry is the place's point already.
            var properties = object(place, .jsonv2, target, details: details, geometry: false)
            let box = (properties.removeValue(forKey: "boundingbox") as? [String] ?? []).compactMap(Double.init)
            for key in ["lat", "lon", "licence"] { properties.removeValue(forKey: key) }
            var feature: [String: Any] = ["type": "Feature", "properties": properties,
                                          "geometry": ["type": "Point", "coordinates": OSRMRouteJSON.point(place.coordinate)]]
            if box.count == 4 { feature["bbox"] = [box[2], box[0], box[3], box[1]] }
            return feature
        }
        return NominatimJSON.text(["type": "FeatureCollection", "licence": MapAttribution.licence, "features": features])
    }

    private func object(_ place: Placemark, _ format: Format, _ target: RequestTarget, details: Bool, geometry: Bool = true) -> [String: Any] {
        var object = NominatimJSON.object(place, languages: NominatimJSON.languages(target.value("accept-language") ?? ""))
        if flag(target, "namedetails", default: false) { object["namedetails"] = place.names.tags }
        // Asked for once checked in `answer`: one polygon output at most.
        if geometry, let asked = try? NominatimPointGeometry.asked(target, at: place.coordinate) { object[asked.key] = asked.value }
        if !details { object.removeValue(forKey: "address") }
        if !flag(target, "extratags", default: false) { object.removeValue(forKey: "extratags") }
        // Nominatim 5's `json` differs from `jsonv2` by `class` alone (its `place_rank` is there
        // too; it was left out here, as Nominatim 3 left it out).
        if format == .json { object["class"] = object.removeValue(forKey: "category") }
        return object
    }
}
