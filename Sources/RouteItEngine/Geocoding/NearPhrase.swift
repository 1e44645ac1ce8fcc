/// "cafe near Kamppi", "apotek nära Kampen", "kahvila lähellä Kamppia": what is looked for, and
/// the place it should be near (folded words).
struct NearPhrase: Equatable {
    var what: String
    var place: String

    /// The joining words, folded, in English, Swedish and Finnish.
    static let separators: [[String]] = [["near"], ["close", "to"], ["nearby"], ["nara"], ["lahella"], ["lahell"]]

    init?(_ text: String) {
        let words = TextFolding.words(text)
        for i in words.indices.dropFirst() {
            for separator in Self.separators where words[i...].starts(with: separator) {
                let rest = words[(i + separator.count)...]
                guard !rest.isEmpty else { continue }
                what = words[..<i].joined(separator: " ")
                place = rest.joined(separator: " ")
                return
            }
        }
        return nil
    }
}
