import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A drive written by `Scripts/make-drive` along routeit's own route (this build's routeit, the
/// test's map), as NMEA for gpsfake, with its truth: when each stop is reached, where a wrong
/// turn left the route, when the tunnel was.
struct SimulatedDrive {
    struct Truth: Decodable {
        struct Stop: Decodable {
            var stop: Int
            var lat: Double
            var lon: Double
            /// The first fix at the stop (seconds from the start).
            var arrivalFix: Int
        }
        struct WrongTurn: Decodable {
            /// The first fix past the junction, on the wrong road.
            var junctionFix: Int
            /// The first fix 30 m off the planned route.
            var fixIndex: Int?
        }
        struct Gap: Decodable {
            var firstFixLost: Int
            var fixBack: Int
        }
        var start: String
        var fixes: Int
        /// When it starts moving (the lead-in ends).
        var leaveS: Double
        var stops: [Stop]
        var wrongTurn: WrongTurn?
        var gap: Gap?
        /// Each fix's true position and speed.
        var track: [TrackPoint]
    }

    struct TrackPoint: Decodable {
        var lat: Double
        var lon: Double
        var speed: Double
    }

    /// Where the drive truly was at a fix, said against a stop: "still 12 m short of it at 6.2 m/s".
    func whereAt(fix: Int, stop: Truth.Stop) -> String {
        guard truth.track.indices.contains(fix) else { return "after the drive's end" }
        let point = truth.track[fix]
        let north = (point.lat - stop.lat) * 111_195
        let east = (point.lon - stop.lon) * 111_195 * cos(stop.lat * .pi / 180)
        return String(format: "when the drive was still %.0f m short of it at %.1f m/s (there at fix %d)",
                      (north * north + east * east).squareRoot(), point.speed, stop.arrivalFix)
    }

    let places: [String]
    let mode: String
    let nmea: URL
    let truth: Truth

    /// Runs make-drive with this build's routeit on `map`; `options` are make-drive's (noise,
    /// dwell, gap, wrong turn, lead-in).
    static func make(places: [String], mode: String, map: String, options: [String], in directory: URL) throws -> SimulatedDrive {
        let stem = directory.appendingPathComponent("drive").path
        let script = RouteItProcess.packageRoot.appendingPathComponent("Scripts/make-drive").path
        let result = try RouteItProcess.runCommand(
            "/usr/bin/env", ["python3", script] + places + ["-o", stem, "--mode", mode, "--map", map,
                                                           "--routeit", try RouteItProcess.locate().path] + options,
            environment: HelsinkiFlowTests.environment, timeout: 120)
        guard result.status == 0 else { throw DriveFailed(description: "make-drive: \(result.stderr)") }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let truth = try decoder.decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: stem + ".truth.json")))
        return SimulatedDrive(places: places, mode: mode, nmea: URL(fileURLWithPath: stem + ".nmea"), truth: truth)
    }

    struct DriveFailed: Error, CustomStringConvertible { var description: String }

    /// The fix number (seconds from the drive's start) of an event's time.
    func fix(of event: GoEvent) -> Int? {
        guard let start = ISO8601DateFormatter().date(from: truth.start),
              let time = ISO8601DateFormatter().date(from: event.time) else { return nil }
        return Int(time.timeIntervalSince(start).rounded())
    }
}

/// One line of `routeit go --events`.
struct GoEvent: Decodable {
    var event: String
    var time: String
    var stop: Int?
    var etaNext: String?
    var latencyMs: Double?
    var distanceM: Double?
}

/// `routeit go --events` following a simulated drive that gpsfake replays to a real gpsd.
struct FollowedDrive {
    var events: [GoEvent]
    var status: Int32
    var stdout: String
    var stderr: String

    func events(_ name: String) -> [GoEvent] { events.filter { $0.event == name } }

    /// The drive replayed `cycle` seconds a sentence; routeit go with `stay` minutes at each stop.
    /// It ends by itself after the last stop (`finish`); gpsfake is taken down after that, or
    /// when the replay's time is up, so a follower that never finishes sees gpsd go away.
    static func follow(_ drive: SimulatedDrive, map: String, stay: Int, cycle: Double) throws -> FollowedDrive {
        let gps = try GPSFake(drive: drive.nmea, cycle: cycle)
        defer { gps.stop() }
        let process = Process()
        process.executableURL = try RouteItProcess.locate()
        process.arguments = ["go"] + drive.places + ["--mode", drive.mode, "--location", "gpsd=\(gps.address)", "--events",
                                                     "--stay", String(stay), "--map", map]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(HelsinkiFlowTests.environment) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let stdout = Collected(out), stderr = Collected(err)
        // Two sentences a fix, and a gap's status sentences: the log's own length says how long.
        let sentences = (try? String(contentsOf: drive.nmea, encoding: .utf8).split(separator: "\n").count) ?? 0
        if exited.wait(timeout: .now() + Double(sentences) * cycle + 30) == .timedOut {
            gps.stop()   // gpsd goes away: following stops with its summary
            if exited.wait(timeout: .now() + 10) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
        }
        process.waitUntilExit()
        let text = stdout.text()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let events = text.split(separator: "\n").compactMap { try? decoder.decode(GoEvent.self, from: Data($0.utf8)) }
        return FollowedDrive(events: events, status: process.terminationStatus, stdout: text, stderr: stderr.text())
    }

    /// A pipe read to its end on its own thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
            Thread { [self] in
                let all = pipe.fileHandleForReading.readDataToEndOfFile()
                lock.withLock { data = all }
                done.signal()
            }.start()
        }

        func text() -> String {
            _ = done.wait(timeout: .now() + 10)
            return lock.withLock { String(decoding: data, as: UTF8.self) }
        }
    }
}
