import Foundation

/// Ctrl-C (SIGINT) and SIGTERM turned into `flag.cancel()`, for a one-shot tool that stops
/// cleanly instead of dying mid-work. Set up before the work starts: a signal source is armed a
/// moment after `resume`, and a signal that comes before is lost to SIG_IGN (it was, under load).
/// Keep the sources until the work is done; cancelling them leaves the signals ignored.
enum StopSignals {
    static func cancelling(_ flag: CancellationFlag) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.cancel() }
            source.resume()
            return source
        }
    }
}
