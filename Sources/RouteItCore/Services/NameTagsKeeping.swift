/// A geocoder whose map may keep places' name tags (`Placemark.nameTags`, `translations`):
/// a map imported before it kept them (schema 19) has none, and says so here.
public protocol NameTagsKeeping {
    var keepsNameTags: Bool { get }
}
