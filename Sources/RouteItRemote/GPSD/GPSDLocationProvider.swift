import Foundation
import RouteItCore

/// The position from gpsd (Linux's counterpart of Core Location), over its JSON protocol on TCP:
/// `?WATCH={"enable":true,"json":true}`, then the first TPV report with a 2D or 3D fix. Each
/// `currentFix` is a fresh connection, so a gpsd that went away and came back is simply found
/// again. The blocking socket work runs on its own thread, never on Swift's cooperative pool.
public final class GPSDLocationProvider: LocationProviding, Sendable {
    public let address: GPSDAddress
    /// The longest wait for a fix (and for the connection).
    public let fixTimeout: TimeInterval

    public init(address: GPSDAddress = .standard, fixTimeout: TimeInterval) {
        self.address = address
        self.fixTimeout = fixTimeout
    }

    public var sourceName: String { "gpsd at \(address)" }

    /// How long a fix without an accuracy waits for one with it (gpsd reports about once a second).
    static let accuracyPatience: TimeInterval = 2.5

    /// Throws `LocationSourceUnavailable` when gpsd cannot be reached or goes away while
    /// waiting, an `Alert` when no fix comes within `fixTimeout`, `CancellationError` on cancel.
    public func currentFix() async throws -> LocationFix {
        let stop = StopSignal()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LocationFix, Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { try self.waitForFix(isCancelled: { stop.isStopped }) })
                }
                thread.name = "routeit.gpsd"
                thread.start()
            }
        } onCancel: {
            stop.stop()
        }
    }

    /// Connects, asks for reports and reads until a fix, the deadline, or gpsd going away.
    func waitForFix(isCancelled: () -> Bool) throws -> LocationFix {
        if isCancelled() { throw CancellationError() }
        let deadline = Date().addingTimeInterval(fixTimeout)
        let connection = try GPSDConnection(to: address, deadline: deadline, isCancelled: isCancelled)
        try connection.send(#"?WATCH={"enable":true,"json":true}"# + "\n")
        var answered = false
        var devices: Int?
        // gpsd lists its devices when the watch starts; one attached later (gpsfake under load)
        // shows up only through its reports, so a report without a fix means a receiver.
        var heardReceiver = false
        // A fix without an accuracy (gpsd's first report of a cycle may lack eph) waits a little
        // for one that has it.
        var fixWithoutAccuracy: LocationFix?
        var patience = deadline
        while let line = try connection.readLine(until: patience, isCancelled: isCancelled) {
            if line.isEmpty { continue }
            guard let report = GPSDReport.parse(line) else {
                throw LocationSourceUnavailable("\(address) does not speak gpsd's protocol")
            }
            answered = true
            switch report {
            case .fix(let fix) where fix.horizontalAccuracy != nil: return fix
            case .fix(let fix):
                if fixWithoutAccuracy == nil { patience = min(deadline, Date().addingTimeInterval(Self.accuracyPatience)) }
                fixWithoutAccuracy = fix
            case .devices(let count): devices = count
            case .noFix: heardReceiver = true
            case .other: continue
            }
        }
        if let fixWithoutAccuracy { return fixWithoutAccuracy }
        let seconds = Self.secondsText(fixTimeout)
        guard answered else {
            throw LocationSourceUnavailable("gpsd at \(address) did not answer within \(seconds)")
        }
        if devices == 0 && !heardReceiver {
            throw Alert("No GPS fix: gpsd at \(address) has no GPS receiver; set the position with: location LAT LON")
        }
        throw Alert("No GPS fix from gpsd at \(address) within \(seconds); try again, or set the position with: location LAT LON")
    }

    static func secondsText(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}
