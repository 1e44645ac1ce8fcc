import XCTest
import RouteItCore
@testable import RouteItEngine

/// Snapping as OSRM does it with its "tiny components": a point whose nearest road is a piece
/// cut off from the network (a fragment clipped by the extract's edge, a footpath island) moves
/// to the nearest road of the network, unless both ends lie on that same piece.
final class SnappingFallbackTests: XCTestCase {
    /// A 5 × 5 grid of two-way streets 100 m apart (x, y in 0...400), and south of it, 30 m
    /// below the bottom street, a 160 m fragment of a road joined to nothing, plus a second one
    /// further east.
    private func gridWithFragments() throws -> OfflineDirections {
        var f = RoadFixture()
        for r in 0..<5 { for c in 0..<5 { f.node("\(r):\(c)", Double(c) * 100, Double(r) * 100) } }
        var id: Int64 = 1
        for r in 0..<5 {
            f.street(id, (0..<5).map { "\(r):\($0)" }, "Katu \(r)"); id += 1
        }
        for c in 0..<5 {
            f.street(id, (0..<5).map { "\($0):\(c)" }, "Tie \(c)"); id += 1
        }
        f.node("F0", 20, -30); f.node("F1", 180, -30)
        f.street(100, ["F0", "F1"], "Pätkä", highway: "primary")
        f.node("G0", 220, -30); f.node("G1", 380, -30)
        f.street(101, ["G0", "G1"], "Toinen pätkä")
        // The grid has 80 car graph nodes and 25 junctions; each fragment 2 and 2.
        return try f.build(smallComponentSize: 20)
    }

    func testAPointNearAFragmentIsRoutedFromTheNetwork() throws {
        let d = try gridWithFragments()
        for mode in TransportType.allCases {
            // 10 m from the fragment, 40 m from the grid's bottom street.
            let route = try XCTUnwrap(d.route((100, -40), (300, 300), mode).first, "\(mode)")
            let start = try XCTUnwrap(route.polyline.first)
            XCTAssertEqual(start.distance(to: RoadFixture.coordinate(100, 0)), 0, accuracy: 1, "\(mode) starts on Katu 0")
            XCTAssertEqual(route.distance, RoadFixture.measured([(100, 0), (300, 0), (300, 300)]), accuracy: 1, "\(mode)")
            XCTAssertFalse(route.steps.contains { $0.instruction.contains("Pätkä") }, "\(mode)")
            // And the other way round.
            let back = try XCTUnwrap(d.route((300, 300), (100, -40), mode).first, "\(mode)")
            XCTAssertEqual(back.distance, RoadFixture.measured([(100, 0), (300, 0), (300, 300)]), accuracy: 1, "\(mode)")
        }
    }

    func testBothEndsOnTheSameFragmentStayOnIt() throws {
        let d = try gridWithFragments()
        let route = try XCTUnwrap(d.route((40, -35), (160, -35)).first)
        XCTAssertEqual(route.distance, 120, accuracy: 1)
        XCTAssertEqual(route.steps.first?.instruction, "Head east on Pätkä")
    }

    func testEndsOnTwoDifferentFragmentsBothMoveToTheNetwork() throws {
        let d = try gridWithFragments()
        let route = try XCTUnwrap(d.route((100, -40), (300, -40), .walk).first)
        XCTAssertEqual(route.distance, 200, accuracy: 1, "along Katu 0")
        XCTAssertEqual(route.steps.first?.instruction, "Head east on Katu 0")
    }

    func testTheComponentsAreLabelledPerMode() throws {
        let d = try gridWithFragments()
        let engine = try d.loadedEngine()
        var onNetwork = 0, fragments = Set<Int32>()
        for e in 0..<engine.net.edgeCount {
            for mode in TransportType.allCases where engine.net.allows(e, mode) {
                let c = engine.components.component(of: e, mode)
                if c == 0 { onNetwork += 1 } else { fragments.insert(c) }
                XCTAssertEqual(c != 0, engine.net.name(of: e).contains("tkä"), "edge \(e) \(engine.net.name(of: e)) \(mode)")
            }
        }
        XCTAssertEqual(onNetwork, 3 * 40, "every grid edge, every mode")
        XCTAssertEqual(fragments.count, 2)
    }

    /// `highway=pedestrian` + `area=yes` (a square) is walked along its outline, as foot.lua
    /// does; cars never use it.
    func testPedestrianSquaresAreWalkable() throws {
        var f = RoadFixture()
        f.node("W", -100, 0); f.node("A", 0, 0); f.node("B", 0, 80); f.node("C", 80, 80); f.node("D", 80, 0)
        f.node("E", 180, 80)
        f.street(1, ["W", "A"], "Länsikatu")
        f.way(2, ["A", "B", "C", "D", "A"], [("highway", "pedestrian"), ("area", "yes"), ("name", "Tori")])
        f.street(3, ["C", "E"], "Itäkatu")
        let d = try f.build()
        let walk = try XCTUnwrap(d.route((-50, 0), (130, 80), .walk).first)
        XCTAssertEqual(walk.distance, 50 + 160 + 50, accuracy: 1)
        XCTAssertTrue(walk.steps.contains { $0.instruction.contains("Tori") }, "\(walk.steps.map(\.instruction))")
        XCTAssertThrowsError(try d.route((-50, 0), (130, 80), .car)) { XCTAssertEqual($0 as? DirectionsError, .noRoute) }
    }
}
