import Foundation
import XCTest
@testable import RouteItEngine

/// A test class whose tests share one geocoder over a hand-made map (`fixtureEntities`), imported
/// once per class into the class's own folder and removed after its last test.
class GeocoderFixtureTestCase: XCTestCase {
    /// The map's OSM data: each subclass gives its own.
    class var fixtureEntities: [OSMEntity] { [] }

    nonisolated(unsafe) private static var fixtures: [ObjectIdentifier: (directory: URL, geocoder: OfflineGeocoder)] = [:]

    /// The geocoder over this class's map.
    static var geocoder: OfflineGeocoder! { fixtures[ObjectIdentifier(self)]?.geocoder }

    override class func setUp() {
        super.setUp()
        do {
            fixtures[ObjectIdentifier(self)] = try GeocoderFixtureMap.open(fixtureEntities, named: "fixture", in: String(describing: self))
        } catch {
            XCTFail("fixture import failed: \(error)")
        }
    }

    override class func tearDown() {
        if let fixture = fixtures.removeValue(forKey: ObjectIdentifier(self)) {
            try? FileManager.default.removeItem(at: fixture.directory)
        }
        super.tearDown()
    }
}
