import Foundation
import XCTest
import RouteItTestSupport

/// `routeit go --location replay=FILE` on tracks that are odd but real: a GPX track (no speeds)
/// driving through a stop, one leaving the map, one whose clock stood still, and an NMEA log whose
/// checksums are all wrong. The tracks are written along RouteIt's own routes on the Helsinki map.
final class GoOddTrackTests: XCTestCase {
    static let annankatu = "60.167433,24.936590", kalevankatu = "60.166258,24.935426", mannerheimintie = "60.168147,24.941720"

    typealias Point = (lat: Double, lon: Double)

    /// RouteIt's own route from `a` to `b` on the map.
    private func line(_ a: String, _ b: String, map: String) throws -> [Point] {
        let result = try RouteItProcess.run(["--map", map, "route", a, b, "--json", "--overview", "full", "--geometries", "geojson"],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let geometry = ((json?["routes"] as? [[String: Any]])?.first?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]]
        return try XCTUnwrap(geometry).map { (lat: $0[1], lon: $0[0]) }
    }

    /// Points every `step` metres along `line` (a point a second at `step` m/s).
    private func every(_ step: Double, along line: [Point]) -> [Point] {
        var points: [Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            let east = (b.lon - a.lon) * cos(a.lat * .pi / 180) * 111_320, north = (b.lat - a.lat) * 111_320
            let pieces = max(1, Int((east * east + north * north).squareRoot() / step))
            for k in 0..<pieces {
                let f = Double(k) / Double(pieces)
                points.append((a.lat + (b.lat - a.lat) * f, a.lon + (b.lon - a.lon) * f))
            }
        }
        return points + line.suffix(1)
    }

    /// A GPX track of the points, one a second from 2026-12-05 10:00:00Z unless `seconds` says.
    private func gpx(_ points: [Point], seconds: [Int]? = nil, name: String) throws -> String {
        let times = seconds ?? Array(points.indices)
        let body = zip(points, times).map { point, second in
            String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>2026-12-05T10:%02d:%02dZ</time></trkpt>\n",
                   point.lat, point.lon, second / 60, second % 60)
        }.joined()
        let file = try TestFiles.temporaryDirectory(for: self).appendingPathComponent(name)
        try (#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"# + "\n" + body + "</trkseg></trk></gpx>\n")
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func go(_ places: [String], track: String, map: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try RouteItProcess.run(["--map", map, "go"] + places + ["--location", "replay=\(track)"],
                                            environment: HelsinkiFlowTests.environment)
        return (result.status, result.stdout, result.stderr)
    }

    func testAGPXTrackDrivingThroughAStopAtSpeedDoesNotArriveThere() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let places = [Self.annankatu, Self.kalevankatu, Self.mannerheimintie]
        let toStop = every(8, along: try line(places[0], places[1], map: map))
        let onward = every(8, along: try line(places[1], places[2], map: map))
        // 29 km/h through Kalevankatu 20 and on: a GPX point has no speed, and was taken as standing.
        let through = try go(places, track: try gpx(toStop + onward.dropFirst(), name: "through.gpx"), map: map)
        XCTAssertEqual(through.status, 0, through.stderr)
        XCTAssertFalse(through.stdout.contains("Arrived at stop 1"), through.stdout)
        // The same drive standing 5 s at the stop arrives there.
        let standing = Array(repeating: toStop.last!, count: 5)
        let stopping = try go(places, track: try gpx(toStop + standing + onward.dropFirst(), name: "stopping.gpx"), map: map)
        XCTAssertEqual(stopping.status, 0, stopping.stderr)
        XCTAssertTrue(stopping.stdout.contains("Arrived at stop 1 ("), stopping.stdout)
        // A track that ends at the last stop (the logger stopped on arriving) arrives there.
        let ending = try go(Array(places.prefix(2)), track: try gpx(toStop, name: "ending.gpx"), map: map)
        XCTAssertEqual(ending.status, 0, ending.stderr)
        XCTAssertTrue(ending.stdout.contains("Arrived at stop 1 ("), ending.stdout)
        XCTAssertTrue(ending.stdout.contains("1 stop made"), ending.stdout)
    }

    func testAGPXTrackLeavingTheMapGetsNoDirectionsFromAfarAndOneLineWhy() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let places = [Self.annankatu, Self.kalevankatu]
        // 20 s along the route, then a minute driving north 15 km off the map.
        let away = (0..<60).map { (lat: 60.30 + Double($0) * 8 / 111_320, lon: 24.94) }
        let result = try go(places, track: try gpx(Array(every(8, along: try line(places[0], places[1], map: map)).prefix(20)) + away,
                                                   name: "leave.gpx"), map: map)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("Off the route by") }.count, 1, result.stdout)
        let off = try XCTUnwrap(lines.firstIndex { $0.contains("Off the route by") })
        // "In 200 ft: Turn right onto Kalevankatu" to a user 15 km away misleads.
        XCTAssertFalse(lines[off...].contains { $0.contains(" In ") }, result.stdout)
        let why = result.stderr.split(separator: "\n").filter { $0.hasPrefix("No new route to stop 1 from here: ") }
        XCTAssertEqual(why.count, 1, result.stderr)
        XCTAssertTrue(why.first?.hasSuffix("is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E). No directions until you are back on the planned route.") ?? false,
                      result.stderr)
    }

    func testATrackWhoseClockStoodStillIsSaid() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let places = [Self.annankatu, Self.kalevankatu]
        let points = every(8, along: try line(places[0], places[1], map: map))
        // Every point at one time: nothing to follow, one line (it "finished" after 0 s, exit 0).
        let track = try gpx(points, seconds: Array(repeating: 0, count: points.count), name: "same.gpx")
        let same = try go(places, track: track, map: map)
        XCTAssertEqual(same.status, 2)
        XCTAssertEqual(same.stdout, "")
        XCTAssertEqual(same.stderr, "routeit go: \(track) cannot be followed: all its \(points.count) fixes have the same time, "
                       + "2026-12-05T10:00:00Z (following needs each fix's own time)\n")
        // Stuck for the last ten points: followed up to there, and said once.
        let stuck = try go(places, track: try gpx(points, seconds: points.indices.map { min($0, points.count - 10) }, name: "stuck.gpx"), map: map)
        XCTAssertEqual(stuck.status, 0, stuck.stderr)
        XCTAssertEqual(stuck.stderr, "Ignored fixes with the same time as the last one at another place (a clock that stood still?); each time is followed once.\n")
    }

    func testAnNMEALogWhoseChecksumsAreAllWrongSaysSo() throws {
        let sentences = try String(contentsOfFile: GoToolTests.drive, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard line.hasPrefix("$"), let star = line.lastIndex(of: "*") else { return String(line) }
            let body = line[line.index(after: line.startIndex)..<star]
            return "$" + body + String(format: "*%02X", body.utf8.reduce(UInt8(0), ^) ^ 0xFF)
        }
        let count = sentences.filter { $0.hasPrefix("$") }.count
        XCTAssertGreaterThan(count, 100)
        let file = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("badsum.nmea")
        try sentences.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try RouteItProcess.run(["go"] + GoToolTests.places + ["--location", "replay=\(file.path)"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "routeit go: \(file.path) has no fix to replay: every one of its \(count) NMEA sentences has a wrong checksum (the *XX at its end)\n")
        XCTAssertEqual(result.stdout, "")
    }
}
