import Foundation
import XCTest
import RouteItTestSupport

/// `routeit go --events` end to end: drives simulated along routeit's own routes by
/// Scripts/make-drive (Gaussian noise, dwell at stops, a wrong turn, a tunnel), replayed by
/// gpsfake to a real gpsd, faster than real time (the follower reads the fixes' own times).
final class GoDriveTests: XCTestCase {
    /// A sentence every 2 ms: 250 fixes a second.
    static let cycle = 0.002
    /// Fixes standing at the start (1.2 s): gpsd drops the first half second or so of a fast replay.
    static let lead = 300
    /// Seconds stopped at each stop, and `go --stay` in minutes to match.
    static let dwell = 60, stay = 1

    private func helsinki() throws -> String { try HelsinkiFlowTests.helsinkiExtract() }

    private func monaco() throws -> String {
        URL(fileURLWithPath: try helsinki()).deletingLastPathComponent().appendingPathComponent("monaco.osm.pbf").path
    }

    /// make-drive, then routeit go following it through gpsfake.
    private func follow(_ places: [String], mode: String, map: String, seed: Int = 7,
                        _ options: [String] = []) throws -> (SimulatedDrive, FollowedDrive) {
        _ = try GPSFake.executable()   // skips (with why) where gpsfake is not installed
        let directory = try TestFiles.temporaryDirectory(for: self)
        let drive = try SimulatedDrive.make(places: places, mode: mode, map: map,
                                            options: ["--lead", String(Self.lead), "--dwell", String(Self.dwell),
                                                      "--seed", String(seed)] + options, in: directory)
        let followed = try FollowedDrive.follow(drive, map: map, stay: Self.stay, cycle: Self.cycle)
        let departed = followed.events("depart").first.flatMap(drive.fix(of:))
        XCTAssertNotNil(departed, "no depart: \(followed.stdout)\n\(followed.stderr)")
        if let departed {
            XCTAssertLessThan(Double(departed), drive.truth.leaveS, "gpsd dropped the whole lead-in: \(followed.stdout)")
        }
        return (drive, followed)
    }

    /// Every stop reached, none before the simulated arrival, and the trip finished.
    private func assertArrivals(_ drive: SimulatedDrive, _ followed: FollowedDrive, file: StaticString = #filePath, line: UInt = #line) {
        let arrivals = followed.events("arrive")
        for stop in drive.truth.stops {
            guard let arrive = arrivals.first(where: { $0.stop == stop.stop }), let fix = drive.fix(of: arrive) else {
                XCTFail("stop \(stop.stop) (reached at fix \(stop.arrivalFix)) never arrived: \(followed.stdout)", file: file, line: line)
                continue
            }
            XCTAssertGreaterThanOrEqual(fix, stop.arrivalFix, "stop \(stop.stop) arrived at fix \(fix), \(drive.whereAt(fix: fix, stop: stop)): \(followed.stdout)",
                                        file: file, line: line)
        }
        XCTAssertEqual(followed.events("finish").count, 1, followed.stdout + followed.stderr, file: file, line: line)
        XCTAssertEqual(followed.status, 0, followed.stderr, file: file, line: line)
    }

    private func assertNoOffRoute(_ followed: FollowedDrive, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(followed.events("off-route").count, 0, "off-route on a drive that kept to the route: \(followed.stdout)",
                       file: file, line: line)
    }

    /// Off route within 3 fixes of the first fix 30 m off the planned route (never before the
    /// junction), then a new route.
    private func assertWrongTurnCaught(_ drive: SimulatedDrive, _ followed: FollowedDrive, file: StaticString = #filePath, line: UInt = #line) {
        guard let wrong = drive.truth.wrongTurn, let off = wrong.fixIndex else {
            return XCTFail("make-drive wrote no wrong turn", file: file, line: line)
        }
        let offRoute = followed.events("off-route").compactMap(drive.fix(of:))
        XCTAssertTrue(offRoute.allSatisfy { $0 >= wrong.junctionFix }, "off-route before the junction (fix \(wrong.junctionFix)): \(offRoute)",
                      file: file, line: line)
        guard let first = offRoute.first(where: { $0 >= wrong.junctionFix }) else {
            return XCTFail("the wrong turn at fix \(wrong.junctionFix) was never off-route: \(followed.stdout)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(first, off + 3, "off-route at fix \(first), the drive was 30 m off at fix \(off)", file: file, line: line)
        let reroutes = followed.events("reroute").filter { (drive.fix(of: $0) ?? -1) >= first }
        XCTAssertFalse(reroutes.isEmpty, "no reroute after the off-route: \(followed.stdout)", file: file, line: line)
        XCTAssertNotNil(reroutes.first?.latencyMs, followed.stdout, file: file, line: line)
    }

    // MARK: Helsinki

    func testHelsinkiCarWithNoiseThroughTwoStopsKeepsToTheRouteAndArrivesAtEach() throws {
        let (drive, followed) = try follow(["60.16630,24.94422", "60.16616,24.94740", "60.16784,24.94923"], mode: "car", map: try helsinki())
        assertNoOffRoute(followed)
        assertArrivals(drive, followed)
        XCTAssertFalse(followed.events("stay").isEmpty, "the stay at stop 1 counts down: \(followed.stdout)")
    }

    func testHelsinkiCarWrongTurnIsOffRouteWithinThreeFixesThenRoutedAgain() throws {
        let (drive, followed) = try follow(["60.16948,24.94624", "60.16766,24.94418"], mode: "car", map: try helsinki(), ["--wrong-turn"])
        assertWrongTurnCaught(drive, followed)
        assertArrivals(drive, followed)
    }

    func testHelsinkiCarThroughATunnelSaysTheFixIsLostAndKeepsToTheRoute() throws {
        // 20 s of void sentences (no fix, the time going on), replayed in a fraction of a second:
        // following goes by the fixes' own times, so the tunnel loses the fix all the same.
        let (drive, followed) = try follow(["60.17361,24.94893", "60.17349,24.94233"], mode: "car", map: try helsinki(),
                                           ["--gap", "20"])
        guard let gap = drive.truth.gap else { return XCTFail("make-drive wrote no gap") }
        let lost = followed.events("fix-lost").compactMap(drive.fix(of:))
        XCTAssertTrue(lost.contains { (gap.firstFixLost...gap.fixBack).contains($0) },
                      "no fix-lost in the tunnel (fixes \(gap.firstFixLost)..<\(gap.fixBack)): \(followed.stdout)")
        assertNoOffRoute(followed)
        assertArrivals(drive, followed)
    }

    func testHelsinkiBikeWithTenMetreNoiseKeepsToTheRoute() throws {
        let (drive, followed) = try follow(["60.17758,24.94748", "60.17554,24.94988"], mode: "bike", map: try helsinki(), ["--sigma", "10"])
        assertNoOffRoute(followed)
        assertArrivals(drive, followed)
    }

    // MARK: Monaco

    func testMonacoWalkWithNoiseArrivesAndKeepsToTheRoute() throws {
        let (drive, followed) = try follow(["43.72661,7.46806", "43.73989,7.48308"], mode: "walk", map: try monaco())
        assertNoOffRoute(followed)
        assertArrivals(drive, followed)
    }

    func testMonacoBikeWrongTurnIsOffRouteWithinThreeFixesThenRoutedAgain() throws {
        let (drive, followed) = try follow(["43.74929,7.38326", "43.75158,7.38505"], mode: "bike", map: try monaco(), ["--wrong-turn"])
        assertWrongTurnCaught(drive, followed)
        assertArrivals(drive, followed)
    }
}
