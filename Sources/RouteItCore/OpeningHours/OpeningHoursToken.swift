/// The pieces an OSM `opening_hours` value is made of: numbers, words (`Mo`, `Jan`, `off`),
/// punctuation, `||` and quoted comments. Spaces only separate.
enum OpeningHoursToken: Equatable {
    case number(Int, digits: Int)
    case word(String)
    case symbol(Character)
    case fallback
    case comment(String)

    /// nil when the value holds something no rule can contain (the value is then unknown).
    static func tokenize(_ text: String) -> [OpeningHoursToken]? {
        var tokens: [OpeningHoursToken] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " || c == "\t" || c == "\n" || c == "\u{A0}" {
                i += 1
            } else if c.isASCII, c.isNumber {
                var j = i
                while j < characters.count, characters[j].isASCII, characters[j].isNumber { j += 1 }
                guard j - i <= 4, let value = Int(String(characters[i..<j])) else { return nil }
                tokens.append(.number(value, digits: j - i))
                i = j
            } else if c.isASCII, c.isLetter {
                var j = i
                while j < characters.count, characters[j].isASCII, characters[j].isLetter { j += 1 }
                tokens.append(.word(String(characters[i..<j])))
                i = j
            } else if c == "|" {
                guard i + 1 < characters.count, characters[i + 1] == "|" else { return nil }
                tokens.append(.fallback)
                i += 2
            } else if c == "\"" {
                guard let end = characters[(i + 1)...].firstIndex(of: "\"") else { return nil }
                tokens.append(.comment(String(characters[(i + 1)..<end])))
                i = end + 1
            } else if ":-,;/+[]()".contains(c) {
                tokens.append(.symbol(c))
                i += 1
            } else if c == "–" || c == "—" {
                // A typographic dash reads as the range dash it stands for.
                tokens.append(.symbol("-"))
                i += 1
            } else {
                return nil
            }
        }
        return tokens
    }
}
