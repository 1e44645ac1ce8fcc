import Foundation
import RouteItCore

/// `location replay FILE`: the fixes of a recorded NMEA or GPX track, handed out in order as fast
/// as they are asked for (their own times drive the follower).
public final class ReplayFixSource: FixSource {
    /// A track of a few days at 1 Hz is far below this.
    public static let largestFile = 64 << 20

    public let path: String
    public let fixes: [GuidanceFix]
    private var next = 0

    /// Reads and checks the file: one line saying what is wrong when it cannot be read, is not
    /// NMEA or GPX, or has no fix with a time. `today`: the date of an NMEA log with none (GGA only).
    public init(path: String, today: Date = Date()) throws {
        self.path = path
        let data: Data
        do {
            data = try BoundedFile.read(path, shownAs: "the track \(path)", limit: Self.largestFile)
        } catch {
            throw InputError("\(error)")
        }
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw InputError("\(path) is not a track: not text (NMEA $GPRMC/$GPGGA lines or GPX trkpt points with time)")
        }
        let isGPX = text.contains("<gpx") || text.contains("<trkpt")
        let found = isGPX ? GPXTrack.fixes(in: text) : NMEATrack.fixes(in: text, undatedDay: today)
        guard !found.isEmpty else {
            if isGPX { throw InputError("\(path) has no GPX trkpt point with a time to replay") }
            let checked = NMEATrack.checksums(in: text)
            if checked.sentences > 0, checked.wrong == checked.sentences {
                throw InputError("\(path) has no fix to replay: every one of its \(checked.sentences) NMEA sentences has a wrong checksum (the *XX at its end)")
            }
            throw InputError("\(path) is not a track: no NMEA $GPRMC/$GPGGA fix and no GPX trkpt point with a time")
        }
        // Fixes all of one time (a logger's clock stuck, a GPX written with only the date) are
        // one fix followed and the rest ignored: no trip to follow.
        if found.count > 1, let first = found.first?.time, found.allSatisfy({ $0.time == first }) {
            throw InputError("\(path) cannot be followed: all its \(found.count) fixes have the same time, \(ISO8601DateFormatter().string(from: first)) (following needs each fix's own time)")
        }
        fixes = found
    }

    public var sourceName: String { (path as NSString).lastPathComponent }

    public func nextFix(waitAtMost seconds: Double) async throws -> FixSourceReading {
        try Task.checkCancellation()
        guard next < fixes.count else { return .ended }
        defer { next += 1 }
        return .fix(fixes[next])
    }
}
