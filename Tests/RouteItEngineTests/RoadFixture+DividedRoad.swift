extension RoadFixture {
    /// A divided road: Mannerheimintie's one-way carriageways 20 m apart (north on x = 10, south
    /// on x = -10, 500 m long), joined at the top by an unnamed primary link, with Sivukatu
    /// leaving east there.
    static var dividedRoad: RoadFixture {
        var f = RoadFixture()
        f.node("N0", 10, 0); f.node("N1", 10, 500); f.node("S1", -10, 500); f.node("S0", -10, 0); f.node("E", 200, 500)
        f.street(1, ["N0", "N1"], "Mannerheimintie", highway: "primary", [("oneway", "yes")])
        f.street(2, ["S1", "S0"], "Mannerheimintie", highway: "primary", [("oneway", "yes")])
        f.way(3, ["N1", "S1"], [("highway", "primary_link")])
        f.street(4, ["N1", "E"], "Sivukatu")
        return f
    }
}
