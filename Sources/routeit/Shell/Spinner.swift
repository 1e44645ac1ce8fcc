import Foundation

/// A one-line activity indicator on stderr while a long command runs; only on a terminal, so
/// pipes and `.flow` transcripts stay clean.
final class Spinner {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let queue = DispatchQueue(label: "routeit.spinner")
    private let timer: DispatchSourceTimer
    private var frame = 0

    /// nil when stderr is not a terminal.
    init?(message: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(150), repeating: .milliseconds(100))
        timer.setEventHandler { [unowned self] in
            let text = "\r\(Self.frames[self.frame % Self.frames.count]) \(message)… (Ctrl-C cancels)"
            self.frame += 1
            StandardStreams.writeError(text)
        }
        timer.resume()
    }

    func stop() {
        timer.setEventHandler {}
        timer.cancel()
        // The handler runs on the timer's queue; sync on it so the clear-line comes last.
        queue.sync {}
        if frame > 0 { StandardStreams.writeError("\r\u{1B}[K") }
    }
}
