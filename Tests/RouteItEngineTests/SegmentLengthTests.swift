import RouteItCore
import XCTest
@testable import RouteItEngine

/// Walking segments measured and timed as OSRM does it. The expected figures are OSRM 26.10's
/// own (foot.lua), read from the annotations of a Helsinki walk: each segment's distance and
/// duration.
final class SegmentLengthTests: XCTestCase {
    private func point(_ lon: Double, _ lat: Double) -> GeoPoint { GeoPoint(Coordinate(latitude: lat, longitude: lon)) }

    private let osrmSegments: [(from: (Double, Double), to: (Double, Double), metres: Double, deciseconds: Double)] = [
        ((24.940209, 60.1689), (24.940705, 60.168566), 46.28944923, 333),
        ((24.94187, 60.168808), (24.942903, 60.168835), 57.415565, 413),
        ((24.942901, 60.168862), (24.944231, 60.168894), 73.9077461, 532),
        ((24.94554, 60.168977), (24.945443, 60.169743), 85.51374406, 616),
    ]

    /// On the ellipsoid, with the latitude band's ruler: the sphere says 57.22 m for the second
    /// segment, and the segment's own mean latitude 57.43 m.
    func testSegmentsAreMeasuredAsOSRMMeasuresThem() {
        for s in osrmSegments {
            let a = point(s.from.0, s.from.1), b = point(s.to.0, s.to.1)
            XCTAssertEqual(SegmentLength.osrmMetres(a, b), s.metres, accuracy: 0.001)
            XCTAssertEqual(SegmentLength.osrmMetres(b, a), s.metres, accuracy: 0.001)
        }
    }

    func testWalkingSegmentsTakeOSRMsDeciseconds() {
        for s in osrmSegments {
            let metres = SegmentLength.osrmMetres(point(s.from.0, s.from.1), point(s.to.0, s.to.1))
            XCTAssertEqual(SegmentLength.deciseconds(osrmMetres: metres, kmh: 5), s.deciseconds)
        }
        // Slower surfaces take proportionally longer; a segment of a few centimetres still takes one.
        XCTAssertEqual(SegmentLength.deciseconds(osrmMetres: 73.9077461, kmh: 2.5), 1_064)
        XCTAssertEqual(SegmentLength.deciseconds(osrmMetres: SegmentLength.osrmMetres(point(24.94, 60.17), point(24.9400005, 60.17)),
                                                 kmh: 5), 1)
    }
}
