/// The credit every output of map data carries (screens, exports, JSON, the map file itself):
/// the data is OpenStreetMap's, under the ODbL.
public enum MapAttribution {
    public static let text = "© OpenStreetMap contributors"
    /// Nominatim's `licence` field, in its own words.
    public static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"
}
