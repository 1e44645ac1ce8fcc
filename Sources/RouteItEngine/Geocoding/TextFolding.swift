import Foundation

/// The one normalisation used both when indexing and when searching, so that `Töölönlahdenkatu`,
/// `TOOLONLAHDENKATU` and `toolonlahdenkatu` are the same key.
public enum TextFolding {
    /// Lowercase, diacritics removed, width folded (ß → ss).
    public static func fold(_ text: String) -> String {
        LatinFolding.fold(text) ?? foundationFold(text)
    }

    static func foundationFold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// Folded words: letters and digits, with `-` and `/` kept inside numbers (`14-20`, `3/5`).
    /// Everything else (spaces, commas, control characters, the hyphen of `Monte-Carlo`)
    /// separates words.
    public static func words(_ text: String) -> [String] {
        LatinFolding.words(text) ?? foundationWords(text)
    }

    /// `words` through Foundation's folding, for any text.
    static func foundationWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let alphanumerics = CharacterSet.alphanumerics  // its getter costs more than the lookup
        for scalar in foundationFold(text).unicodeScalars {
            if alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == "/" || isDash(scalar), let first = current.unicodeScalars.first, ("0"..."9").contains(first) {
                current.unicodeScalars.append(isDash(scalar) ? "-" : scalar)
            } else if !current.isEmpty {
                words.append(trimmed(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(trimmed(current)) }
        return words.filter { !$0.isEmpty }
    }

    /// The dashes people and word processors write for a range ("14–20", "14—20", "14−20"),
    /// read as "-".
    static func isDash(_ scalar: Unicode.Scalar) -> Bool { (0x2010...0x2015).contains(scalar.value) || scalar.value == 0x2212 }

    /// The search key of a name: its folded words joined by single spaces.
    public static func key(_ text: String) -> String { words(text).joined(separator: " ") }

    private static func trimmed(_ word: String) -> String {
        var w = Substring(word)
        while let last = w.last, last == "-" || last == "/" { w = w.dropLast() }
        return String(w)
    }
}
