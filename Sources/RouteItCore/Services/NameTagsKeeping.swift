/// A geocoder whose map may keep places' name tags (`Placemark.nameTags`, `translations`):
/// a map imported before it kept them (schema 19) has none, and says so here.
public protocol NameTagsKeeping {
    var keepsNameTags: Bool { get }
    /// `placemarks` (this geocoder's answers) with their names (`Placemark.names`), read from the
    /// map now: answers come without them, as only Nominatim's `namedetails` and
    /// `accept-language` show them.
    func withNames(_ placemarks: [Placemark]) throws -> [Placemark]
}
