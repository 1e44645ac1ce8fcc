import Foundation
import RouteItCore
import RouteItEngine

/// Draws the importer's progress on stderr: a redrawn bar (phase, percent, elapsed) on a
/// terminal, one summary line per phase otherwise (logs, pipes, CI). `cancellation`, when set,
/// stops the import.
final class ImportProgressBar: ImportProgressReporting {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let cancellation: CancellationFlag?
    private let started = Date()
    private var phaseStarted = Date()
    private var phase = ""
    private var lastDraw = Date.distantPast
    private let width = 30

    init(cancellation: CancellationFlag? = nil) {
        self.cancellation = cancellation
    }

    var isImportCancelled: Bool { cancellation?.isCancelled ?? false }

    func importCancelled(during phase: String) {
        if isTerminal { write("\r\u{1b}[K") }
        write(String(format: "import: cancelled during %@ (%.1fs)\n", phase, Date().timeIntervalSince(started)))
    }

    func importPhaseStarted(_ phase: String) {
        self.phase = phase
        phaseStarted = Date()
        if isTerminal { draw(fraction: 0, items: nil, force: true) }
    }

    func importProgress(fraction: Double?, items: Int) {
        if isTerminal { draw(fraction: fraction, items: items, force: false) }
    }

    func importPhaseFinished(_ phase: String, summary: String) {
        let seconds = Date().timeIntervalSince(phaseStarted)
        if isTerminal {
            draw(fraction: 1, items: nil, force: true)
            write("\r\u{1b}[K")
        }
        write(String(format: "import: %@: %@ (%.1fs)\n", phase, summary, seconds))
    }

    private func draw(fraction: Double?, items: Int?, force: Bool) {
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = String(format: "%.1fs", now.timeIntervalSince(started))
        let padded = phase.padding(toLength: 14, withPad: " ", startingAt: 0)
        if let fraction {
            let filled = Int((fraction * Double(width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write("\r\u{1b}[K\(padded) \(bar) \(String(format: "%3d%%", Int(fraction * 100)))  \(elapsed)")
        } else {
            write("\r\u{1b}[K\(padded) \(items ?? 0) elements  \(elapsed)")
        }
    }

    private func write(_ text: String) { StandardStreams.writeError(text) }
}
