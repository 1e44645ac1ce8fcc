import XCTest
@testable import RouteItEngine

/// What a step calls a way, as OSRM's `WayHandlers.names` decides it.
final class WayNameTests: XCTestCase {
    private func name(_ tags: [(String, String)]) -> String { WayName.of(TagLookup(tags)) }

    func testAnUnnamedSidewalkOrSidepathTakesItsStreetsName() {
        XCTAssertEqual(name([("highway", "footway"), ("footway", "sidewalk"), ("street:name", "Elm Street")]), "Elm Street")
        XCTAssertEqual(name([("highway", "cycleway"), ("cycleway", "sidepath"), ("is_sidepath:of:name", "A"),
                             ("street:name", "B")]), "A")
        XCTAssertEqual(name([("highway", "path"), ("is_sidepath", "yes"), ("street:name", "River Path")]), "River Path")
        XCTAssertEqual(name([("highway", "footway"), ("street:name", "Elm Street")]), "", "not marked as a sidepath")
        XCTAssertEqual(name([("highway", "residential"), ("street:name", "Elm Street")]), "")
        XCTAssertEqual(name([("highway", "footway"), ("footway", "sidewalk"), ("name", "Own"), ("street:name", "Elm")]), "Own")
    }
}
