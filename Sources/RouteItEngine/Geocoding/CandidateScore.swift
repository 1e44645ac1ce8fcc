/// How the forward geocoder ranks candidates (higher first). The order matters, not the values:
/// a house beats its street, a street beats a shop or stop of the same name, a square or town
/// beats the street, and every typo costs more than the gap between two kinds of exact match.
enum CandidateScore {
    /// A POI or place named as typed, at the street and number typed with it ("Espresso House,
    /// Kaisaniemenkatu 4"): above the house itself.
    static let namedAtAddress = 101.0
    /// Street and house number as asked.
    static let house = 100.0
    /// A range that covers the number ("14-20" for 16, same side of the street).
    static let houseInRange = 90.0
    /// Another door of the number ("14 B" for 14).
    static let houseVariant = 85.0
    /// The house in another postcode of the same street and town than the one typed
    /// ("Annankatu 25, 00120" is in 00100): above the street in the postcode typed.
    static let houseInOtherPostcode = 80.0
    /// The street alone, when asked for a number it does not have: above a stop or shop named
    /// as the street, which has not the number either ("Annankatu 777" is the street, said so,
    /// not the "Annankatu" tram stop).
    static let streetWithoutThatHouse = 75.0
    /// The street, asked by its whole name.
    static let street = 98.5
    /// A POI or place whose name (or other name) is the text; plus importance / 10 (0...9).
    static let namedExactly = 93.0
    /// A POI or place whose name starts with the words.
    static let namedByPrefix = 70.0
    /// A street whose name starts with the words.
    static let streetByPrefix = 55.0

    /// Added when the candidate's picker row is the text, folded ("Pupu, 00100 Helsinki"):
    /// more than importance tells apart places of one name.
    static let rowAsTyped = 20.0

    /// Per edit of the street name.
    static let perTypo = 15.0
    /// A POI found by name when the text also has a house number it does not have.
    static let numberNotThere = 30.0
    /// Another town or postcode than the one asked for.
    static let otherTownOrPostcode = 40.0
}
