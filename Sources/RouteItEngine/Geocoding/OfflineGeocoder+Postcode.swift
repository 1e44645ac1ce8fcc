import Foundation
import RouteItCore

/// A postcode asked alone ("00100", "00100 Helsinki"): the postcode's area at its centre, as
/// Nominatim answers one, instead of nothing (there is no name to look for).
extension OfflineGeocoder {
    /// The postcode area `query` asks for, nil when it asks for more than a postcode (a name, a
    /// house number) or the map has no such postcode. Called under `lock`.
    func postcodeArea(_ query: GeocodeQuery, text: String) throws -> Placemark? {
        let words = TextFolding.words(text)
        let code: String
        if let postcode = query.postcode, query.number == nil, query.nameKey.isEmpty || towns[query.nameKey] != nil {
            code = postcode   // "00100 Helsinki": a postcode and its town, nothing else to name
        } else if words.count == 1, Self.isPostcode(words[0]) {
            code = words[0]
        } else {
            return nil
        }
        guard let centre = try centre(of: .postcode(code)) else { return nil }
        // Its town: the one the nearest address names, when that address is in the postcode.
        let near = try nearestAddress(centre)
        var placemark = Placemark(postalCode: code, city: near?.postalCode == code ? near?.city : nil, coordinate: centre,
                                  category: "place=postcode")
        try placeInCountry(&placemark)
        placemark.importance = 0
        return placemark
    }

    /// Five digits, as the query reader takes a postcode.
    private static func isPostcode(_ word: String) -> Bool { word.count == 5 && word.allSatisfy { $0.isASCII && $0.isNumber } }
}
