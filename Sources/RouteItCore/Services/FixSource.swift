/// A stream of positions to follow a trip with (gpsd, a recorded track): each call waits for the
/// next fix. nil: the stream has ended (a replayed file is done).
public protocol FixSource: AnyObject {
    /// For messages: "gpsd at localhost:2947", "drive.nmea".
    var sourceName: String { get }
    /// Throws `LocationSourceUnavailable` when the source goes away, `CancellationError` on cancel.
    /// `waitAtMost`: give up waiting after this many seconds and return `.none` (so the caller
    /// can say the fix is lost); a replay never waits.
    func nextFix(waitAtMost seconds: Double) async throws -> FixSourceReading
}

/// What a wait on a fix source gave.
public enum FixSourceReading: Equatable, Sendable {
    case fix(GuidanceFix)
    /// Nothing within the wait.
    case none
    /// The source has no more fixes (the end of a replayed file).
    case ended
    /// Something the source read that is not a usable fix, said once in a line.
    case unusable(String)
}
