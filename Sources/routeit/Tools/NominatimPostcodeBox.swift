import Foundation
import RouteItCore

/// Nominatim's box of a postcode made from the addresses that carry it (5.3's `location_postcodes`):
/// not the addresses' extent but a square of the country's postcode extent around the centre
/// (`expand_by_meters(centroid, extent)`), 5 km unless the country says otherwise
/// (`country_settings.yaml`). Fixed, as Nominatim's: nothing more is read to answer it.
enum NominatimPostcodeBox {
    static let defaultMetres = 5_000.0

    /// The countries with an extent of their own (`postcode: extent:`), in metres.
    static let countryMetres: [String: Double] = [
        "ch": 3_000, "ee": 3_000, "gb": 700, "gg": 1_000, "ie": 50, "im": 700, "jp": 3_000, "li": 4_000,
        "lu": 1_000, "nl": 800, "pt": 1_000, "ro": 2_500,
    ]

    /// South, north, west, east in degrees: the extent each way from `centre`, in metres on the
    /// WGS84 ellipsoid as PostGIS measures a geography (00100: Nominatim's box to 3e-5°).
    static func box(around centre: Coordinate, countryCode: String?) -> [Double] {
        let metres = countryCode.flatMap { countryMetres[$0.lowercased()] } ?? defaultMetres
        let a = 6_378_137.0, e2 = 0.006_694_379_990_14
        let phi = centre.latitude * .pi / 180, w = 1 - e2 * sin(phi) * sin(phi)
        let metresPerLatitude = .pi / 180 * a * (1 - e2) / (w * w.squareRoot())
        let metresPerLongitude = max(.pi / 180 * a * cos(phi) / w.squareRoot(), 1e-9)
        let latitude = metres / metresPerLatitude, longitude = metres / metresPerLongitude
        return [centre.latitude - latitude, centre.latitude + latitude, centre.longitude - longitude, centre.longitude + longitude]
    }
}
