import XCTest
import RouteItCore
@testable import RouteItExport

/// `open FILE.gpx` of another program's GPX: a CDATA name is a name (OsmAnd writes names with
/// quotes so), a planned route's points (`rtept`) are the places when there are no waypoints,
/// and a file of only a track, or with too few places, says what it holds.
final class GPXOtherProgramTests: XCTestCase {
    private func gpx(_ body: String, creator: String = "OsmAnd Maps 4.6.9") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="\(creator)" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    private func open(_ text: String) throws -> ImportedTrip { try ExportFixture.openTrip("other.gpx", text) }

    private func refusal(_ text: String, line: UInt = #line) throws -> String {
        try ExportFixture.tripRefusal("other.gpx", text, line: line)
    }

    /// It was dropped: the stop showed as bare coordinates.
    func testACDATANameIsTheName() throws {
        let trip = try open(gpx("""
            <wpt lat="60.1700000" lon="24.9410000"><name>Home &amp; garden</name></wpt>
            <wpt lat="60.1720000" lon="24.9480000"><name><![CDATA[Café "Ekberg" & <co>]]></name></wpt>
            <wpt lat="60.1730000" lon="24.9490000"><name>Two <![CDATA["parts"]]> here</name></wpt>
            """))
        XCTAssertEqual(trip.slots.map(\.text), ["Home & garden", "Café \"Ekberg\" & <co>", "Two \"parts\" here"])
    }

    /// A planned route (OsmAnd, BaseCamp, gpx.studio) was "fewer than two stops" of three.
    func testARoutesPointsAreThePlacesWhenThereAreNoWaypoints() throws {
        let trip = try open(gpx("""
            <rte><name>My route</name>
              <rtept lat="60.1700" lon="24.9410"><name>Start</name></rtept>
              <rtept lat="60.1720" lon="24.9480"><name><![CDATA[Middle]]></name></rtept>
              <rtept lat="60.1680" lon="24.9450"></rtept>
            </rte>
            <rte><rtept lat="60.1680" lon="24.9450"/><rtept lat="60.1660" lon="24.9400"><name>Last</name></rtept></rte>
            """))
        XCTAssertEqual(trip.slots.map(\.text), ["Start", "Middle", Placemark(coordinate: Coordinate(latitude: 60.168, longitude: 24.945)).formattedAddress, "Last"],
                       "the second route's first point is the first route's last")
        XCTAssertEqual(trip.slots.map { $0.mapItem?.coordinate.latitude }, [60.17, 60.172, 60.168, 60.166])
        XCTAssertTrue(try refusal(gpx(#"<rte><rtept lat="60.17" lon="24.94"/><rtept lat="95" lon="24.94"/></rte>"#))
            .contains(": route point 2 has no valid position (lat=\"95\" lon=\"24.94\")"))
    }

    /// With waypoints, the routes are the legs' lines (as RouteIt writes them), not places.
    func testWaypointsWinOverRoutes() throws {
        let trip = try open(gpx("""
            <wpt lat="60.17" lon="24.941"><name>A</name></wpt>
            <wpt lat="60.172" lon="24.948"><name>B</name></wpt>
            <rte><rtept lat="60.17" lon="24.941"/><rtept lat="60.171" lon="24.945"/><rtept lat="60.172" lon="24.948"/></rte>
            """))
        XCTAssertEqual(trip.slots.map(\.text), ["A", "B"])
    }

    func testWhatTheFileHoldsIsSaid() throws {
        XCTAssertTrue(try refusal(gpx("""
            <trk><name>T</name><trkseg>
              <trkpt lat="60.1700" lon="24.9410"><time>2026-12-01T10:00:00Z</time></trkpt>
              <trkpt lat="60.1720" lon="24.9480"><time>2026-12-01T10:01:00Z</time></trkpt>
            </trkseg></trk>
            """)).hasSuffix("other.gpx: it holds a track of 2 recorded points and no waypoint or route; open reads places (wpt or rtept), and a track is replayed with location replay; the trip is unchanged."))
        XCTAssertTrue(try refusal(gpx(#"<wpt lat="60.17" lon="24.94"><name>A</name></wpt>"#))
            .hasSuffix(": it holds one waypoint, and a trip needs two places or more (a start and its stops); the trip is unchanged."))
        XCTAssertTrue(try refusal(gpx(#"<rte><rtept lat="60.17" lon="24.94"/></rte>"#)).contains(": it holds one route point, and a trip needs two places"))
        XCTAssertTrue(try refusal(gpx("<metadata/>")).contains(": it holds no waypoint or route point, and a trip needs two places"))
        // RouteIt's own `export track`: the planned legs as routes, the drive as a track.
        XCTAssertTrue(try refusal(gpx("""
            <rte><name>Planned leg 1</name><rtept lat="60.17" lon="24.94"/><rtept lat="60.171" lon="24.941"/></rte>
            <trk><trkseg><trkpt lat="60.17" lon="24.94"><time>2026-12-01T10:00:00Z</time></trkpt></trkseg></trk>
            """, creator: "RouteIt")).contains(": it is a driven track (export track), not a trip; open reads the trip's own export (export gpx)"))
    }

    /// 0,0 is where programs put a place they have no position for: refused at `open`, not
    /// first at `route` as outside the map.
    func testAPlaceAtZeroZeroIsRefused() throws {
        XCTAssertTrue(try refusal(gpx(#"<wpt lat="60.17" lon="24.94"/><wpt lat="0.0000000" lon="0.0000000"><name>Pin</name></wpt>"#))
            .contains(": waypoint 2 is at 0,0 (lat=\"0.0000000\" lon=\"0.0000000\"), where programs put a place they have no position for; remove it or give it its position"))
    }
}
