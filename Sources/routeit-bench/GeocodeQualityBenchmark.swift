import Foundation
import RouteItCore
import RouteItEngine

/// `routeit-bench geocode-quality --osm FILE --map MAP [--per-class 200] [--seed 7]`
///
/// How often the top answer is right (within 60 m), per class of query, with queries drawn
/// from the OSM file itself (not from the map, so what the import drops or misplaces counts
/// against it): exact addresses, other-language street names, house letters, POI names as
/// written and with one typo, categories and "category near place" (right = the nearest place
/// of the category, within 60 m), and reverse geocoding a few metres off an address.
enum GeocodeQualityBenchmark {
    static let radius = 60.0

    /// A tagged node or way of the file, at its node or the mean of its way's nodes.
    struct Element {
        var tags: [String: String]
        var at: Coordinate
        func tag(_ key: String) -> String? { tags[key].flatMap { $0.isEmpty ? nil : $0 } }
    }

    struct Query {
        var text: String
        var near: Coordinate?
        /// Any of these positions (within 60 m) is a right answer.
        var answers: [Coordinate]
    }

    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["osm", "map", "per-class", "seed"])
        let osmPath = args.required("osm"), mapPath = args.required("map")
        let perClass = args.int("per-class", default: 200)
        var rng = SeededRandom(seed: UInt64(args.int("seed", default: 7)))
        let elements: [Element]
        let geocoder: OfflineGeocoder
        do {
            elements = try readElements(osmPath)
            geocoder = try OfflineGeocoder(path: mapPath)
        } catch {
            fail("\(error)")
        }
        let classes = makeQueries(elements, perClass: perClass, rng: &rng)
        var table: [String: Any] = [:]
        for (name, queries) in classes {
            var right = 0
            var misses: [String] = []
            for query in queries {
                let top: Coordinate?
                if name == "reverse", let at = query.near {
                    top = (try? geocoder.reverse(at))?.coordinate
                } else {
                    top = (try? geocoder.search(query.text, near: query.near))?.first?.coordinate
                }
                if let top, query.answers.contains(where: { $0.distance(to: top) <= radius }) {
                    right += 1
                } else if misses.count < 5 {
                    misses.append(query.text)
                }
            }
            table[name] = ["queries": queries.count,
                           "top1_within_60m": queries.isEmpty ? NSNull() : JSONValue.number(Double(right) / Double(queries.count)),
                           "misses": misses] as [String: Any]
        }
        JSONValue.print(["elements": elements.count, "classes": table])
    }

    // MARK: The file

    static func readElements(_ path: String) throws -> [Element] {
        let reader = try openOSMReader(at: URL(fileURLWithPath: path))
        var nodes: [Int64: Coordinate] = [:]
        var elements: [Element] = []
        func wanted(_ tags: [(String, String)]) -> [String: String]? {
            guard tags.contains(where: { $0.0 == "name" || $0.0 == "addr:housenumber" || PlaceCategories.keys.contains($0.0) || $0.0 == "place" })
            else { return nil }
            return Dictionary(tags, uniquingKeysWith: { a, _ in a })
        }
        var wayCentres: [Int64: Coordinate] = [:]
        try reader.read(.all) { entity in
            switch entity {
            case .node(let n):
                let at = Coordinate(latitude: n.latitude, longitude: n.longitude)
                nodes[n.id] = at
                if let tags = wanted(n.tags) { elements.append(Element(tags: tags, at: at)) }
            case .way(let w):
                let points = w.nodeRefs.compactMap { nodes[$0] }
                guard let centre = centroid(points) else { return }
                wayCentres[w.id] = centre
                if let tags = wanted(w.tags) { elements.append(Element(tags: tags, at: centre)) }
            case .relation(let r):
                // Multipolygons (a campus, a park): at the mean of their outer ways.
                guard r.tag("type") == "multipolygon", let tags = wanted(r.tags) else { return }
                let outer = r.members.filter { $0.kind == .way && $0.role != "inner" }.compactMap { wayCentres[$0.ref] }
                if let centre = mean(outer) { elements.append(Element(tags: tags, at: centre)) }
            }
        }
        return elements
    }

    static func mean(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        return Coordinate(latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                          longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
    }

    /// A closed way's area centroid (where a building's address is), else the mean of its nodes.
    static func centroid(_ points: [Coordinate]) -> Coordinate? {
        guard points.count >= 4, points.first == points.last else { return mean(points) }
        let o = points[0]
        var area = 0.0, cx = 0.0, cy = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let ax = a.longitude - o.longitude, ay = a.latitude - o.latitude
            let bx = b.longitude - o.longitude, by = b.latitude - o.latitude
            let cross = ax * by - bx * ay
            area += cross
            cx += (ax + bx) * cross
            cy += (ay + by) * cross
        }
        guard abs(area) > 1e-14 else { return mean(points) }
        return Coordinate(latitude: o.latitude + cy / (3 * area), longitude: o.longitude + cx / (3 * area))
    }

    // MARK: Queries

    static func makeQueries(_ elements: [Element], perClass: Int, rng: inout SeededRandom) -> [(String, [Query])] {
        // Addresses, and where each (street, number) lies.
        let addresses = elements.filter { $0.tag("addr:street") != nil && $0.tag("addr:housenumber") != nil }
        var addressPositions: [String: [Coordinate]] = [:]
        func addressKey(_ street: String, _ number: String) -> String { TextFolding.key(street) + "|" + TextFolding.key(number).replacingOccurrences(of: " ", with: "") }
        for a in addresses { addressPositions[addressKey(a.tag("addr:street")!, number(a)), default: []].append(a.at) }
        func number(_ a: Element) -> String {
            let raw = a.tag("addr:housenumber")!
            if let unit = a.tag("addr:unit"), unit.count <= 2, unit.allSatisfy(\.isLetter), raw.allSatisfy(\.isNumber) { return raw + unit }
            return raw
        }
        let simple = addresses.filter { !$0.tag("addr:housenumber")!.contains(where: { ";,".contains($0) }) }
        let exact = sample(simple, perClass, &rng).map { a in
            Query(text: "\(a.tag("addr:street")!) \(number(a))", answers: addressPositions[addressKey(a.tag("addr:street")!, number(a))]!)
        }
        // Other languages: the street's name:sv (or another name:xx) with the number.
        var otherNames: [String: [String]] = [:]
        for street in elements where street.tag("highway") != nil {
            guard let name = street.tag("name") else { continue }
            for key in ["name:sv", "name:fi", "name:en"] {
                if let other = street.tag(key), TextFolding.key(other) != TextFolding.key(name) { otherNames[TextFolding.key(name), default: []].append(other) }
            }
        }
        let translatable = simple.filter { otherNames[TextFolding.key($0.tag("addr:street")!)] != nil }
        let otherLanguage = sample(translatable, perClass, &rng).map { a in
            Query(text: "\(otherNames[TextFolding.key(a.tag("addr:street")!)]!.first!) \(number(a))",
                  answers: addressPositions[addressKey(a.tag("addr:street")!, number(a))]!)
        }
        // House letters, typed the way people do: "12a".
        let lettered = simple.filter { a in
            let n = number(a).replacingOccurrences(of: " ", with: "")
            return n.last?.isLetter == true && n.dropLast().allSatisfy(\.isNumber) && n.first?.isNumber == true
        }
        let letters = sample(lettered, perClass, &rng).map { a in
            Query(text: "\(a.tag("addr:street")!) \(number(a).replacingOccurrences(of: " ", with: "").lowercased())",
                  answers: addressPositions[addressKey(a.tag("addr:street")!, number(a))]!)
        }
        // POIs by name: any element of that name is a right answer.
        let pois = elements.filter { e in
            e.tag("name") != nil && e.tag("place") == nil && AddressLayerBuilder.classify({ e.tag($0) })?.0 == .poi
        }
        var byName: [String: [Coordinate]] = [:]
        for e in elements {
            for key in ["name"] + AddressLayerBuilder.otherNameKeys { if let n = e.tag(key) { byName[TextFolding.key(n), default: []].append(e.at) } }
        }
        let poiExact = sample(pois, perClass, &rng).map { p in Query(text: p.tag("name")!, answers: byName[TextFolding.key(p.tag("name")!)]!) }
        let typoable = pois.filter { $0.tag("name")!.split(separator: " ").contains { $0.count >= 5 && $0.allSatisfy(\.isLetter) } }
        let poiTypo = sample(typoable, perClass, &rng).map { p in
            Query(text: oneTypo(p.tag("name")!, &rng), answers: byName[TextFolding.key(p.tag("name")!)]!)
        }
        // Categories: a word of the category from a random place of the map; the nearest is right.
        let categorised = PlaceCategories.all.map { c in (c, elements.filter { e in c.tags.contains { t in
            let kv = t.split(separator: "=", maxSplits: 1).map(String.init)
            return e.tag(kv[0]) == kv[1]
        } }) }.filter { !$0.1.isEmpty }
        func nearestAnswers(_ members: [Element], to centre: Coordinate) -> [Coordinate] {
            let best = members.map { $0.at.distance(to: centre) }.min()!
            return members.filter { $0.at.distance(to: centre) <= best + radius }.map(\.at)
        }
        var category: [Query] = []
        var near: [Query] = []
        let places = elements.filter { $0.tag("place") != nil && $0.tag("name") != nil && byName[TextFolding.key($0.tag("name")!)]!.count == 1 }
        if !categorised.isEmpty, !elements.isEmpty {
            for _ in 0..<min(perClass, elements.count) {
                let (c, members) = categorised.randomElement(using: &rng)!
                let centre = elements.randomElement(using: &rng)!.at
                category.append(Query(text: c.words.randomElement(using: &rng)!, near: centre, answers: nearestAnswers(members, to: centre)))
            }
            for _ in 0..<(places.isEmpty ? 0 : perClass) {
                let (c, members) = categorised.randomElement(using: &rng)!
                let place = places.randomElement(using: &rng)!
                near.append(Query(text: "\(c.words.randomElement(using: &rng)!) near \(place.tag("name")!)",
                                  answers: nearestAnswers(members, to: place.at)))
            }
        }
        // Reverse: up to ~10 m off an address; that address or a nearer one is right.
        let reverse = sample(addresses, perClass, &rng).map { a -> Query in
            let at = Coordinate(latitude: a.at.latitude + Double.random(in: -0.00006...0.00006, using: &rng),
                                longitude: a.at.longitude + Double.random(in: -0.00012...0.00012, using: &rng))
            let own = at.distance(to: a.at)
            let nearer = addresses.filter { $0.at.distance(to: at) <= own + 1 }.map(\.at)
            return Query(text: "\(a.tag("addr:street")!) \(number(a))", near: at, answers: nearer)
        }
        let typed = typedQueries(elements, pois: pois, byName: byName, addressPositions: addressPositions,
                                 addressKey: addressKey, number: number, perClass: perClass, rng: &rng)
        return [("exact", exact), ("other_language", otherLanguage), ("letters", letters), ("poi_exact", poiExact),
                ("poi_typo", poiTypo), ("category", category), ("near", near), ("reverse", reverse)] + typed
    }

    /// Typed as people type: a transposed letter, one changed letter in a short word, a
    /// mistyped street, a picker row typed back, an English name.
    static func typedQueries(_ elements: [Element], pois: [Element], byName: [String: [Coordinate]],
                             addressPositions: [String: [Coordinate]], addressKey: (String, String) -> String,
                             number: (Element) -> String, perClass: Int, rng: inout SeededRandom) -> [(String, [Query])] {
        func answers(_ e: Element) -> [Coordinate] { byName[TextFolding.key(e.tag("name")!)]! }
        func swappable(_ word: ArraySlice<Character>) -> Bool { word.count >= 4 && word.dropFirst().allSatisfy(\.isLetter) }
        let transposable = pois.filter { $0.tag("name")!.split(separator: " ").contains { swappable(Array($0)[...]) } }
        let transposed = sample(transposable, perClass, &rng).map { p in
            Query(text: edited(p.tag("name")!, kind: .swap, wordLengths: 4...99, &rng), answers: answers(p))
        }
        let shortWorded = pois.filter { $0.tag("name")!.split(separator: " ").contains { (3...5).contains($0.count) && $0.allSatisfy(\.isLetter) } }
        let shortWord = sample(shortWorded, perClass, &rng).map { p in
            Query(text: edited(p.tag("name")!, kind: .replace, wordLengths: 3...5, &rng), answers: answers(p))
        }
        let streetAddresses = elements.filter { a in
            guard let street = a.tag("addr:street"), let n = a.tag("addr:housenumber") else { return false }
            return !n.contains(where: { ";,".contains($0) }) && street.split(separator: " ").contains { $0.count >= 6 && $0.allSatisfy(\.isLetter) }
        }
        let streetTypo = sample(streetAddresses, perClass, &rng).map { a in
            let kind = [EditKind.swap, .drop, .double].randomElement(using: &rng)!
            return Query(text: "\(edited(a.tag("addr:street")!, kind: kind, wordLengths: 6...99, &rng)) \(number(a))",
                         answers: addressPositions[addressKey(a.tag("addr:street")!, number(a))]!)
        }
        // The picker's own row: "Name, Street N, Postcode Town".
        let addressed = pois.filter { $0.tag("addr:street") != nil && $0.tag("addr:housenumber") != nil }
        let displayed = sample(addressed, perClass, &rng).map { p in
            let town = [p.tag("addr:postcode"), p.tag("addr:city")].compactMap { $0 }.joined(separator: " ")
            let row = [p.tag("name")!, "\(p.tag("addr:street")!) \(number(p))", town].filter { !$0.isEmpty }
            return Query(text: row.joined(separator: ", "), answers: [p.at])
        }
        let english = elements.filter { e in
            guard let name = e.tag("name"), let en = e.tag("name:en") else { return false }
            return TextFolding.key(en) != TextFolding.key(name) && AddressLayerBuilder.classify({ e.tag($0) }) != nil
        }
        let englishNames = sample(english, perClass, &rng).map { e in
            Query(text: e.tag("name:en")!, answers: byName[TextFolding.key(e.tag("name:en")!)] ?? [e.at])
        }
        return [("poi_transposed", transposed), ("poi_short_word_typo", shortWord), ("street_typo", streetTypo),
                ("display_name", displayed), ("name_en", englishNames)]
    }

    enum EditKind { case swap, replace, drop, double }

    /// One edit of `kind` in a random word of `name` whose length is in `wordLengths`, never its
    /// first letter: "Pickwick" → "Pikcwick".
    static func edited(_ name: String, kind: EditKind, wordLengths: ClosedRange<Int>, _ rng: inout SeededRandom) -> String {
        var words = name.split(separator: " ").map { Array($0) }
        let fitting = words.indices.filter { wordLengths.contains(words[$0].count) && words[$0].dropFirst().allSatisfy(\.isLetter) }
        guard let i = fitting.randomElement(using: &rng) else { return name }
        var word = words[i]
        let at = Int.random(in: 1..<word.count, using: &rng)
        switch kind {
        case .swap:
            let pairs = (1..<(word.count - 1)).filter { word[$0] != word[$0 + 1] }
            guard let p = pairs.randomElement(using: &rng) else { return name }
            word.swapAt(p, p + 1)
        case .replace:
            let letters = Array("abcdefghijklmnopqrstuvwxyz").filter { $0 != Character(word[at].lowercased()) }
            word[at] = letters.randomElement(using: &rng)!
        case .drop: word.remove(at: at)
        case .double: word.insert(word[at], at: at)
        }
        words[i] = word
        return words.map { String($0) }.joined(separator: " ")
    }

    static func sample(_ items: [Element], _ count: Int, _ rng: inout SeededRandom) -> [Element] {
        Array(items.shuffled(using: &rng).prefix(count))
    }

    /// One edit (drop, double, swap or replace a letter) inside the name's longest word, never
    /// its first letter: "Pickwick" → "Pickwck".
    static func oneTypo(_ name: String, _ rng: inout SeededRandom) -> String {
        var words = name.split(separator: " ").map { Array($0) }
        let i = words.indices.max { words[$0].count < words[$1].count }!
        var word = words[i]
        let at = Int.random(in: 1..<word.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0, 2: word.remove(at: at)
        case 1: word.insert(word[at], at: at)
        case 2 where at + 1 < word.count && word[at] != word[at + 1]: word.swapAt(at, at + 1)
        default:
            let letters = Array("abcdefghijklmnopqrstuvwxyz").filter { $0 != Character(word[at].lowercased()) }
            word[at] = letters.randomElement(using: &rng)!
        }
        words[i] = word
        return words.map { String($0) }.joined(separator: " ")
    }
}
