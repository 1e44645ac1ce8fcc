/// The places of a trip asked at once (the tools' `route` and `go`, `serve`'s `/route` and
/// `/trip`), checked before anything is routed, with one rule for "the same place"
/// (`PlaceKey`). Ordered, a trip visits each place once; the first place again last is a round
/// trip written out when the trip ends after its last place (`.anywhere`), and refused when it
/// comes back to the start by itself (`.start`). In the order given a place may come again (a
/// depot between rounds, a lap twice over), but never right after itself: that leg goes nowhere.
public struct TripPlacesInTurn: Error, Equatable, Sendable, CustomStringConvertible {
    /// `later` repeats `earlier`, as indices into the places checked.
    public let later: Int
    public let earlier: Int
    /// `place 3 ("Kiosk") is the same place as place 1 ("Home"); a leg … : leave out one of them`
    public let description: String

    /// Throws the first place that breaks the rule, named by `names` (one per place).
    public static func check(_ places: [Coordinate], names: [String], end: TripEndChoice, ordered: Bool) throws {
        func refuse(_ later: Int, _ earlier: Int, _ why: String) -> TripPlacesInTurn {
            TripPlacesInTurn(later: later, earlier: earlier,
                             description: "\(names[later]) is the same place as \(names[earlier]); \(why)")
        }
        let backAgain = PlaceKey.returnsToStart(places)
        if backAgain && end == .start {
            throw refuse(places.count - 1, 0, "the trip comes back to the start by itself: leave out the last place")
        }
        guard ordered else {
            if let k = places.indices.dropFirst().first(where: { places[$0].isSamePlace(as: places[$0 - 1]) }) {
                throw refuse(k, k - 1, "a leg from a place to itself goes nowhere: leave out one of them")
            }
            return
        }
        let visited = backAgain && end == .anywhere ? Array(places.dropLast()) : places
        if let (earlier, later) = PlaceKey.firstRepeat(in: visited) {
            throw refuse(later, earlier, "an ordered trip visits each place once: leave out one of them")
        }
    }
}
