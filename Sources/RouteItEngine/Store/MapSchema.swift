import RouteItCore
/// Facts every `.routeit` file carries so that opening one can tell a RouteIt map of this version
/// from any other file.
public enum MapSchema {
    /// Bump when a layer changes its tables in a way old readers cannot use.
    /// 2: street aliases (other-language street names) and places' other names.
    /// 3: the car graph is edge-based, with turn costs.
    /// 4: via-way turn restrictions (copies of car-graph nodes; `turn_restrictions.via_ways`).
    /// 5: the road graph moves from SQLite BLOBs to memory-mapped sections after the database.
    /// 6: the address layer's spatial index is packed (`street_line` replaces `street_segment`,
    ///    integer R*Trees), with `place_tag` (category search) and `place_word` (typos in names).
    /// 7: roads carry their avoidable classes (`net.avoid`: toll, motorway, ferry, unpaved) and
    ///    every hierarchy arc the classes it covers (`ch.fwdMask`, `ch.bwdMask`); the bicycle
    ///    profile: `net.bikeForwardMs`/`bikeBackwardMs`/`bikeFlags`, the `bike` graph, hierarchy
    ///    and components; ferries and bicycle-only ways (cycleways) join the network.
    /// 8: edges in Hilbert-curve order, graph nodes and shortcuts in `HierarchyLayout` order
    ///    (same routes; a query's pages are few, so a cold process stays small).
    /// 9: a shortcut names the node it bypasses (no `ch.shortcuts` table: its halves are found
    ///    at that node), a smaller map; same routes.
    /// 10: `place_street_key` and `place_city_key` (the geocoder's street and town lists, added
    ///    after 9 without a bump) and `place_hours` are always there: the geocoder reads them
    ///    without looking for them first, so a map of 9 written before them must be imported again.
    /// 11: car turn restrictions with times (`car.timedTurns.*`) are checked at the time of
    ///    passage instead of always holding (the car graph leaves them out);
    ///    `turn_restrictions.condition`.
    /// 12: a town or postcode narrows the geocoder's search by index: `place.city_key` and
    ///    `place.town_rank` (indexed with the street keys), `place_text.area` (town and postcode
    ///    words), `place_area` (towns and postcodes, their centres and ranks) for `place_city_key`.
    /// 13: category tags are numbers in `place_tag` and `place_tag_area`, their text once in
    ///    `place_tag_name` (a smaller map); a POI's category in `place_category`; same answers.
    /// 14: a mode graph keeps only what cannot be derived: an arc's ends only where they differ
    ///    from its edge direction's nodes, the per-direction offsets sampled (`edgeDirSample`);
    ///    same routes.
    /// 15: maneuver relations (`type=maneuver`) in `maneuvers.*`, which guidance applies.
    /// 16: each way's lane count (`net.lanes`, when any way has one), which guidance's obvious-way
    ///    rules read as OSRM's do.
    /// 17: each geometry point's OSM node id, packed (`net.nodeIds`, `net.nodeIdBlocks`), for
    ///    OSRM's `/nearest` `nodes`.
    /// 18: whole administrative outlines (`admin_area`, `admin_box`, `admin_edge`: countries and towns) give
    ///    each answer its country and town; `metadata.border_countries`, `metadata.admin_outlines`.
    /// 19: the car's turn lanes of the ways that have them (`net.turnLaneEdges`, `net.turnLaneIds`,
    ///    `net.turnLaneTexts`) for OSRM's `lanes`; places' name tags (`place_name`) and names'
    ///    other languages (`name_translation`) for Nominatim's `namedetails` and `accept-language`.
    /// 20: each distinct set of name tags once (`name_tag_set`), a place's by its number
    ///    (`place.name_tags`), where `place_name` kept a row of tags per place: a country repeats its
    ///    street and shop names from town to town (the 500-town country: 386,500 rows, 34 MB);
    ///    `place_by_street` ends with `kind` (a house lookup passes over the shops at its number
    ///    without reading their rows).
    public static let version = 20
    /// SQLite `PRAGMA application_id` of a RouteIt map ("RtIt").
    public static let applicationID: Int32 = 0x5274_4974

    /// Keys of the `metadata` table.
    public enum Key {
        public static let schemaVersion = "schema_version"
        public static let sourceFile = "source_file"
        public static let sourceTimestamp = "source_timestamp"
        public static let minLatitude = "min_lat"
        public static let minLongitude = "min_lon"
        public static let maxLatitude = "max_lat"
        public static let maxLongitude = "max_lon"
        public static let importDate = "import_date"
        public static let attribution = "attribution"
        /// ISO 3166-1 alpha-2 of the country the data's addresses are in (`FI`), when it says.
        public static let countryCode = "country_code"
        /// The ISO codes of every country boundary the file holds, whole or cut (`FR,MC`):
        /// a map that touches another country than its own gives no country where no
        /// outline says (`AdminAreas`).
        public static let borderCountries = "border_countries"
        /// How many whole administrative outlines the map keeps (`admin_area`); absent: none,
        /// and the geocoder never reads them.
        public static let adminOutlines = "admin_outlines"
    }

    public static let attribution = MapAttribution.text
}
