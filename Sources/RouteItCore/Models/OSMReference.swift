/// The OpenStreetMap object a place was read from: `node 123`, `way 45`, `relation 6` (Nominatim's
/// `osm_type` and `osm_id`, `N123` in its lookups).
public struct OSMReference: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case node, way, relation

        /// Nominatim's one-letter form in `osm_ids` (`N`, `W`, `R`).
        public var letter: Character {
            switch self {
            case .node: return "N"
            case .way: return "W"
            case .relation: return "R"
            }
        }
    }

    public var kind: Kind
    public var id: Int64

    public init(kind: Kind, id: Int64) {
        self.kind = kind
        self.id = id
    }

    /// `N123`, `w45`, `R6` as Nominatim's `osm_ids` lists them; nil for anything else.
    public init?(lookup text: Substring) {
        guard let letter = text.first?.uppercased().first,
              let kind = Kind.allCases.first(where: { $0.letter == letter }),
              let id = Int64(text.dropFirst()), id > 0 else { return nil }
        self.init(kind: kind, id: id)
    }

    /// One integer for a map's column: the id with the kind in its two low bits (1 node,
    /// 2 way, 3 relation), so most ids take six bytes in SQLite's variable-length integers.
    public var packed: Int64 {
        let code: Int64 = switch kind { case .node: 1; case .way: 2; case .relation: 3 }
        return id &* 4 &+ code
    }

    /// The reference `packed` wrote; nil for a value it cannot have written (0: none kept).
    public init?(packed: Int64) {
        switch packed & 3 {
        case 1: kind = .node
        case 2: kind = .way
        case 3: kind = .relation
        default: return nil
        }
        id = packed >> 2
    }
}
