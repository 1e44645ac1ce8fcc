import Foundation
import RouteItCore

/// Nominatim's `/search` limits, as its server reads them: `countrycodes` (two-letter codes,
/// others ignored), `viewbox` (four numbers; with `bounded=1` only places inside it, else it
/// ranks the places near it first), `exclude_place_ids` (numbers, else a 400) and `featureType`
/// (geopy's `featuretype`: the search ranks Nominatim keeps for it). `layer` is refused: the map
/// does not sort its places into Nominatim's layers (it was once accepted and passed over).
struct NominatimSearchFilter {
    var countryCodes: Set<String> = []
    var viewbox: BoundingBox?
    var bounded = false
    var excluded: Set<Int> = []
    var ranks: ClosedRange<Int>?

    /// Nominatim's `featureType` as the place ranks it keeps (its `FEATURE_TYPE_TO_RANK`); another
    /// value keeps every rank, as there.
    static let featureRanks: [String: ClosedRange<Int>] = ["country": 4...4, "state": 8...8, "city": 14...16, "settlement": 8...20]

    init(_ target: RequestTarget) throws {
        if target.value("layer") != nil { throw NominatimService.Failure(message: Self.layerRefusal) }
        ranks = target.value("featureType").flatMap { Self.featureRanks[$0] }
        if let text = target.value("countrycodes") {
            countryCodes = Set(text.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        }
        if let text = target.value("viewbox"), !text.isEmpty {
            viewbox = try Self.viewbox(text)
            bounded = target.value("bounded").map(NominatimService.isTrue) ?? false
        }
        for id in (target.value("exclude_place_ids") ?? "").split(separator: ",") {
            let text = id.trimmingCharacters(in: .whitespaces)
            guard let number = Int(text) else { throw NominatimService.Failure(message: "Invalid exclude ID: \(QuotedInput.text(text))") }
            excluded.insert(number)
        }
    }

    /// `x1,y1,x2,y2` (two corners, longitude first), with Nominatim's messages; a corner off
    /// the globe and a box of no width or height are refused (nothing is inside them).
    static func viewbox(_ text: String) throws -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw NominatimService.Failure(message: "Bounding box parameter needs 4 coordinates.") }
        let numbers = parts.compactMap { NominatimService.number(String($0)) }
        guard numbers.count == 4 else {
            throw NominatimService.Failure(message: "Bounding box parameter needs to be numbers (decimal, such as 24.93,60.16,24.96,60.18).")
        }
        let (x1, y1, x2, y2) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard Coordinate(latitude: y1, longitude: x1).isValid, Coordinate(latitude: y2, longitude: x2).isValid else {
            throw NominatimService.Failure(message: "Bounding box with invalid parameters: longitudes are -180...180 and latitudes -90...90 (x1,y1,x2,y2).")
        }
        guard x1 != x2, y1 != y2 else {
            throw NominatimService.Failure(message: "Bounding box with invalid parameters: its corners need different longitudes and latitudes.")
        }
        return BoundingBox(minLatitude: min(y1, y2), minLongitude: min(x1, x2), maxLatitude: max(y1, y2), maxLongitude: max(x1, x2))
    }

    static let layerRefusal = "Parameter 'layer' is not served: the map does not sort its places into Nominatim's layers; leave layer out."

    func keeps(_ place: Placemark) -> Bool {
        if let ranks, !ranks.contains(NominatimJSON.placeRank(place)) { return false }
        if !countryCodes.isEmpty, !countryCodes.contains(place.countryCode?.lowercased() ?? "") { return false }
        if bounded, let viewbox, !viewbox.contains(place.coordinate) { return false }
        return excluded.isEmpty || !excluded.contains(NominatimJSON.placeID(place))
    }
}
