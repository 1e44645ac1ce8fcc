import Foundation
import RouteItCore

/// gpsd's fixes one after another, for following a trip: one connection kept open (made again
/// once if it drops), TPV reports with their own time, course and speed. The blocking socket
/// work runs on its own thread, never on Swift's cooperative pool.
// @unchecked: its one mutable field, the connection, is touched only by the read in progress,
// and reads never overlap (the following loop awaits each `nextFix`).
public final class GPSDFixSource: FixSource, @unchecked Sendable {
    public let address: GPSDAddress
    /// The longest wait to connect.
    public let connectTimeout: TimeInterval
    /// Used only from the one read in progress (`nextFix` is never called twice at once).
    private var connection: GPSDConnection?
    /// Whether this connection has sent a report gpsd's way: after that, one line that is not
    /// one (a garbled or cut line) is passed over; before it, the other end is no gpsd.
    private var heardReport = false

    public init(address: GPSDAddress = .standard, connectTimeout: TimeInterval) {
        self.address = address
        self.connectTimeout = connectTimeout
    }

    public var sourceName: String { "gpsd at \(address)" }

    /// Throws `LocationSourceUnavailable` when gpsd cannot be reached or goes away.
    public func nextFix(waitAtMost seconds: Double) async throws -> FixSourceReading {
        let stop = StopSignal()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<FixSourceReading, Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { try self.read(waitAtMost: seconds, isCancelled: { stop.isStopped }) })
                }
                thread.name = "routeit.gpsd-follow"
                thread.start()
            }
        } onCancel: {
            stop.stop()
        }
    }

    private func read(waitAtMost seconds: Double, isCancelled: () -> Bool) throws -> FixSourceReading {
        if connection == nil {
            let opened = try GPSDConnection(to: address, deadline: Date().addingTimeInterval(connectTimeout), isCancelled: isCancelled)
            try opened.send(#"?WATCH={"enable":true,"json":true}"# + "\n")
            connection = opened
            heardReport = false
        }
        let deadline = Date().addingTimeInterval(max(0.05, seconds))
        do {
            while let line = try connection!.readLine(until: deadline, isCancelled: isCancelled) {
                if line.isEmpty { continue }
                guard GPSDReport.parse(line) != nil else {
                    if heardReport { continue }
                    connection = nil
                    throw LocationSourceUnavailable("\(address) does not speak gpsd's protocol")
                }
                heardReport = true
                if let fix = GPSDReport.guidanceFix(line) { return .fix(fix) }
            }
            return .none
        } catch let gone as LocationSourceUnavailable {
            connection = nil
            throw gone
        }
    }
}
