import Foundation
import RouteItCore

/// Nominatim's `/search` limits, as its server reads them: `countrycodes` (two-letter codes,
/// others ignored), `viewbox` (four numbers; with `bounded=1` only places inside it, else it
/// ranks the places near it first) and `exclude_place_ids` (numbers, else a 400).
struct NominatimSearchFilter {
    var countryCodes: Set<String> = []
    var viewbox: BoundingBox?
    var bounded = false
    var excluded: Set<Int> = []

    init(_ target: RequestTarget) throws {
        if let text = target.value("countrycodes") {
            countryCodes = Set(text.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        }
        if let text = target.value("viewbox"), !text.isEmpty {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.parse($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4 else { throw NominatimService.Failure(message: "Bounding box parameter needs 4 coordinates.") }
            guard let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
                  [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
                throw NominatimService.Failure(message: "Bounding box parameter needs 4 coordinates.")
            }
            viewbox = BoundingBox(minLatitude: min(y1, y2), minLongitude: min(x1, x2), maxLatitude: max(y1, y2), maxLongitude: max(x1, x2))
            bounded = target.value("bounded").map(NominatimService.isTrue) ?? false
        }
        for id in (target.value("exclude_place_ids") ?? "").split(separator: ",") {
            let text = id.trimmingCharacters(in: .whitespaces)
            guard let number = Int(text) else { throw NominatimService.Failure(message: "Invalid exclude ID: \(QuotedInput.text(text))") }
            excluded.insert(number)
        }
    }

    func keeps(_ place: Placemark) -> Bool {
        if !countryCodes.isEmpty, !countryCodes.contains(place.countryCode?.lowercased() ?? "") { return false }
        if bounded, let viewbox, !viewbox.contains(place.coordinate) { return false }
        return excluded.isEmpty || !excluded.contains(NominatimJSON.placeID(place))
    }
}
