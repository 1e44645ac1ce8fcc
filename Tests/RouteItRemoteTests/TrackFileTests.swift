import Foundation
import RouteItCore
@testable import RouteItRemote
import RouteItTestSupport
import XCTest

/// What `location replay FILE` and `go --location replay=FILE` read: NMEA and GPX tracks, and
/// gpsd's TPV reports as fixes with their own time, course and speed.
final class TrackFileTests: XCTestCase {
    static func sentence(_ body: String) -> String {
        "$" + body + String(format: "*%02X", body.utf8.reduce(UInt8(0)) { $0 ^ $1 })
    }

    func testNMEASentencesOfOneSecondMakeOneFixWithSpeedCourseAndAccuracy() {
        let text = [
            Self.sentence("GPRMC,100003.00,A,6010.0000,N,02456.0000,E,19.4,92.5,051226,,,"),
            Self.sentence("GPGGA,100003.00,6010.0000,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
            "$GPRMC,100004.00,A,6010.0000,N,02456.0000,E,19.4,92.5,051226,,,*00",  // a wrong checksum
            Self.sentence("GNRMC,100005.00,V,6010.0000,N,02456.0000,E,0,0,051226,,,"),  // no fix
            Self.sentence("GNGGA,100006.00,6010.0100,N,02456.0100,E,1,08,0.8,10.0,M,0.0,M,,"),
        ].joined(separator: "\r\n")
        let fixes = NMEATrack.fixes(in: text, undatedDay: .distantPast)
        guard fixes.count == 2 else { return XCTFail("\(fixes.count) fixes: CRLF lines must split") }
        XCTAssertEqual(FollowEventJSON.isoTime(fixes[0].time), "2026-12-05T10:00:03Z")
        XCTAssertEqual(fixes[0].coordinate.latitude, 60 + 10.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(fixes[0].coordinate.longitude, 24 + 56.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(fixes[0].speed ?? 0, 10, accuracy: 0.02)
        XCTAssertEqual(fixes[0].heading, 92.5)
        XCTAssertEqual(fixes[0].accuracy ?? 0, 6, accuracy: 1e-9)
        XCTAssertEqual(FollowEventJSON.isoTime(fixes[1].time), "2026-12-05T10:00:06Z")
        XCTAssertNil(fixes[1].speed)
    }

    func testAGGAOnlyLogIsOnTheGivenDayAndRollsOverMidnight() {
        let text = [
            Self.sentence("GPGGA,235958.00,6010.0000,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
            Self.sentence("GPGGA,235959.00,6010.0001,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
            Self.sentence("GPGGA,000000.00,6010.0002,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
        ].joined(separator: "\n")
        let today = UTCTimeText.parse("2026-12-05T15:20:00Z")!
        XCTAssertEqual(NMEATrack.fixes(in: text, undatedDay: today).map { FollowEventJSON.isoTime($0.time) },
                       ["2026-12-05T23:59:58Z", "2026-12-05T23:59:59Z", "2026-12-06T00:00:00Z"])
    }

    func testGGABeforeTheFirstRMCTakesItsDate() {
        let text = [
            Self.sentence("GPGGA,235959.00,6010.0000,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
            Self.sentence("GPGGA,000000.00,6010.0001,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
            Self.sentence("GPRMC,000001.00,A,6010.0002,N,02456.0000,E,0.0,0.0,061226,,,"),
            Self.sentence("GPGGA,000002.00,6010.0003,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,"),
        ].joined(separator: "\n")
        XCTAssertEqual(NMEATrack.fixes(in: text, undatedDay: .distantPast).map { FollowEventJSON.isoTime($0.time) },
                       ["2026-12-05T23:59:59Z", "2026-12-06T00:00:00Z", "2026-12-06T00:00:01Z", "2026-12-06T00:00:02Z"])
    }

    func testAGGAOnlyFileIsReplayed() throws {
        let log = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("gga-only.nmea")
        try (0..<5).map { Self.sentence("GPGGA,10000\($0).00,6010.0000,N,02456.0000,E,1,08,1.2,10.0,M,0.0,M,,") }
            .joined(separator: "\r\n").write(to: log, atomically: true, encoding: .utf8)
        let source = try ReplayFixSource(path: log.path, today: UTCTimeText.parse("2026-12-05T08:00:00Z")!)
        XCTAssertEqual(source.fixes.map { FollowEventJSON.isoTime($0.time) }.first, "2026-12-05T10:00:00Z")
        XCTAssertEqual(source.fixes.count, 5)
    }

    func testGPXTrackPointsWithATimeAreFixes() {
        let text = """
        <?xml version="1.0"?><gpx version="1.1"><trk><trkseg>
        <trkpt lat="60.1699" lon="24.9384"><time>2026-12-05T10:00:00Z</time></trkpt>
        <trkpt lat='60.1700' lon='24.9386'><ele>12</ele><time>2026-12-05T10:00:01.500Z</time></trkpt>
        <trkpt lat="60.1701" lon="24.9388"/>
        <trkpt lat="91" lon="24.9388"><time>2026-12-05T10:00:02Z</time></trkpt>
        </trkseg></trk></gpx>
        """
        let fixes = GPXTrack.fixes(in: text)
        guard fixes.count == 2 else { return XCTFail("\(fixes)") }
        XCTAssertEqual(fixes.map(\.coordinate.latitude), [60.1699, 60.1700])
        XCTAssertEqual(fixes[1].time.timeIntervalSince(fixes[0].time), 1.5, accuracy: 1e-6)
    }

    /// ISO 8601 (and GPX's xsd:dateTime) times may carry any zone offset, as phone loggers
    /// write local time (`…T12:00:00.000+02:00`); such a track was once "no trkpt with a time".
    func testTimesWithAZoneOffsetAreTheSameInstants() {
        let utc = UTCTimeText.parse("2026-12-05T10:00:00Z")!
        for text in ["2026-12-05T12:00:00+02:00", "2026-12-05T12:00:00.000+02:00", "2026-12-05T12:00:00+0200",
                     "2026-12-05T12:00:00+02", "2026-12-05T05:00:00-05:00", "2026-12-05T15:30:00+05:30", "2026-12-05T10:00:00-00:00"] {
            XCTAssertEqual(UTCTimeText.parse(text), utc, text)
        }
        XCTAssertEqual(UTCTimeText.parse("2026-12-06T00:30:00+14:30"), nil, "no zone is 14:30 ahead")
        for bad in ["2026-12-05T12:00:00+2:00", "2026-12-05T12:00:00+02:60", "2026-12-05T12:00:00+02:00Z", "2026-12-05T12:00:00 +02:00"] {
            XCTAssertNil(UTCTimeText.parse(bad), bad)
        }
        let text = """
        <gpx version="1.1"><trk><trkseg>
        <trkpt lat="60.1699" lon="24.9384"><time>2026-12-05T12:00:00+02:00</time></trkpt>
        <trkpt lat="60.1700" lon="24.9386"><time>2026-12-05T10:00:01Z</time></trkpt>
        </trkseg></trk></gpx>
        """
        XCTAssertEqual(GPXTrack.fixes(in: text).map(\.time), [utc, utc.addingTimeInterval(1)])
    }

    func testAFileThatIsNeitherIsOneLineNamingWhatIsExpected() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let notes = directory.appendingPathComponent("notes.txt")
        try "shopping list\nmilk\n".write(to: notes, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ReplayFixSource(path: notes.path)) {
            XCTAssertEqual("\($0)", "\(notes.path) is not a track: no NMEA $GPRMC/$GPGGA fix and no GPX trkpt point with a time")
        }
        let untimed = directory.appendingPathComponent("route.gpx")
        try #"<gpx><trk><trkseg><trkpt lat="60.1" lon="24.9"/></trkseg></trk></gpx>"#.write(to: untimed, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ReplayFixSource(path: untimed.path)) {
            XCTAssertEqual("\($0)", "\(untimed.path) has no GPX trkpt point with a time to replay")
        }
        let missing = directory.appendingPathComponent("missing.nmea").path
        XCTAssertThrowsError(try ReplayFixSource(path: missing)) {
            XCTAssertEqual("\($0)", "Cannot read the track \(missing): no such file.")
        }
    }

    func testAReplayHandsOutItsFixesInOrderThenEnds() async throws {
        let file = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("drive.nmea")
        try [Self.sentence("GPRMC,100003.00,A,6010.0000,N,02456.0000,E,0,0,051226,,,"),
             Self.sentence("GPRMC,100004.00,A,6010.0010,N,02456.0000,E,0,0,051226,,,")].joined(separator: "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let source = try ReplayFixSource(path: file.path)
        var readings: [FixSourceReading] = []
        for _ in 0..<3 { readings.append(try await source.nextFix(waitAtMost: 1)) }
        XCTAssertEqual(readings.count, 3)
        if case .fix(let first) = readings[0] { XCTAssertEqual(FollowEventJSON.isoTime(first.time), "2026-12-05T10:00:03Z") } else { XCTFail() }
        XCTAssertEqual(readings[2], .ended)
    }

    func testGpsdTPVReportsAreFixesWithTheirOwnTime() {
        let fix = GPSDReport.guidanceFix(#"{"class":"TPV","mode":3,"time":"2026-12-05T10:00:03.000Z","lat":60.17,"lon":24.94,"eph":4.5,"track":181.2,"speed":12.5}"#)
        XCTAssertEqual(fix?.coordinate, Coordinate(latitude: 60.17, longitude: 24.94))
        XCTAssertEqual(fix.map { FollowEventJSON.isoTime($0.time) }, "2026-12-05T10:00:03Z")
        XCTAssertEqual(fix?.heading, 181.2)
        XCTAssertEqual(fix?.speed, 12.5)
        XCTAssertEqual(fix?.accuracy, 2.25, "gpsd's 95 % bound, halved")
        XCTAssertNil(GPSDReport.guidanceFix(#"{"class":"TPV","mode":1,"time":"2026-12-05T10:00:03.000Z"}"#))
        XCTAssertNil(GPSDReport.guidanceFix(#"{"class":"TPV","mode":2,"lat":60.17,"lon":24.94}"#), "no time: nothing to follow by")
        XCTAssertNil(GPSDReport.guidanceFix(#"{"class":"SKY"}"#))
    }
}
