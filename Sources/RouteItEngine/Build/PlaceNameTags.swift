import RouteItCore

/// A place's name tags as Nominatim keeps them (its `namedetails`): `name` and its variants
/// (`name:sv`, `alt_name`, `old_name`, `short_name`, `official_name`, ... each also per
/// language), `brand`, the refs and a house's name. Each distinct set is stored once
/// (`name_tag_set`: a country repeats its street and shop names, with their `name:sv`, from town
/// to town) and a place names its set by number (`place.name_tags`); each name's other languages
/// once (`name_translation`), for `accept-language`.
enum PlaceNameTags {
    private static let nameKeys: Set<String> = ["name", "int_name", "nat_name", "reg_name", "loc_name", "old_name", "alt_name",
                                                "official_name", "place_name", "short_name"]
    private static let otherKeys: Set<String> = ["brand", "ref", "int_ref", "nat_ref", "reg_ref", "loc_ref", "old_ref", "iata",
                                                 "icao", "addr:housename"]
    /// Suffixes that are no name (Nominatim's import style drops them).
    private static let notNames: Set<String> = ["etymology", "source", "wikipedia", "wikidata", "pronunciation", "prefix", "suffix", "left", "right"]

    /// The tags of `tags` that are names, in the order given.
    static func of(_ tags: [(String, String)]) -> [(String, String)] {
        tags.filter { key, value in
            guard !value.isEmpty else { return false }
            if otherKeys.contains(key) || nameKeys.contains(key) { return true }
            guard let colon = key.firstIndex(of: ":") else { return false }
            let suffix = key[key.index(after: colon)...]
            return nameKeys.contains(String(key[..<colon])) && !suffix.isEmpty
                && !suffix.split(separator: ":").contains { notNames.contains(String($0)) }
        }
    }

    /// The tags as one text (`key` US `value` RS ...): a row of `name_tag_set`.
    static func encoded(_ tags: [(String, String)]) -> String {
        tags.map { "\($0.0)\u{1F}\($0.1)" }.joined(separator: "\u{1E}")
    }

    static func decoded(_ text: String) -> [String: String] {
        var tags: [String: String] = [:]
        for pair in text.split(separator: "\u{1E}") {
            let parts = pair.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, tags[String(parts[0])] == nil { tags[String(parts[0])] = String(parts[1]) }
        }
        return tags
    }

    /// The `name:LANG` names of tags whose `name` is given, by language (`sv`: `Annegatan`).
    static func languages(_ tags: [(String, String)]) -> [(String, String)] {
        tags.compactMap { key, value in
            guard key.hasPrefix("name:"), !value.isEmpty else { return nil }
            let language = String(key.dropFirst(5))
            return language.isEmpty || language.contains(":") ? nil : (language, value)
        }
    }

    static let schema = """
    CREATE TABLE name_tag_set(id INTEGER PRIMARY KEY, tags TEXT NOT NULL);
    CREATE TABLE name_translation(name_key TEXT NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL,
        PRIMARY KEY(name_key, language)) WITHOUT ROWID;
    """
}
