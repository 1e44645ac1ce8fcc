import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine

/// Places on roads cut off from the network by the extract's edge: a one-way motorway (the
/// A8, La Provençale) enters and leaves Monaco's extract, so each of its stretches is a small
/// piece of its own (none leads back to another). Two places on it are routed along it, as
/// OSRM routes them, not moved tens of metres to other roads.
final class SmallPieceEndsMonacoTests: XCTestCase {
    // The first and last nodes of way 155228144 (highway=motorway, oneway, toll): 350 m apart.
    private let a = Coordinate(latitude: 43.7523543, longitude: 7.4046105)
    private let b = Coordinate(latitude: 43.7537389, longitude: 7.4007198)

    func testTwoPlacesOnAMotorwayLeavingTheExtractAreRoutedAlongIt() async throws {
        let directions = try OfflineDirections(path: try RealMaps.path("monaco.osm.pbf"))
        let engine = try directions.loadedEngine()
        XCTAssertNotEqual(engine.ends.snapAlone(a, .car, engine.borrow(.car, nodeCount: try engine.router(.car).graph.nodeCount))?.piece, 0, "the motorway is a small piece")
        let route = try XCTUnwrap(directions.routes(from: a, to: b, mode: .car).first)
        XCTAssertLessThan(route.expectedTravelTime, 30, "along the motorway (OSRM: 14 s), not over other roads")
        XCTAssertLessThan(try XCTUnwrap(route.polyline.first).distance(to: a), 1)
        XCTAssertLessThan(try XCTUnwrap(route.polyline.last).distance(to: b), 1)
        // A table's cell is the route's answer.
        let table = try await directions.table(TravelTableRequest(sources: [MapItem(placemark: Placemark(coordinate: a))],
                                                                  destinations: [MapItem(placemark: Placemark(coordinate: b))],
                                                                  transportType: .car))
        XCTAssertEqual(try XCTUnwrap(table.durations[0][0]), route.expectedTravelTime, accuracy: 0.1)
    }
}
