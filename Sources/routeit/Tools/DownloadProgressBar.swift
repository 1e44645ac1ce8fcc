import Foundation
import RouteItRemote

/// Draws a download's progress on stderr, as `ImportProgressBar` draws an import's: a redrawn
/// bar (file, percent, size, elapsed) on a terminal, one summary line when piped.
final class DownloadProgressBar: MapDownloadProgress {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var started = Date()
    private var file = ""
    private var total: Int64?
    private var offset: Int64 = 0
    private var lastDraw = Date.distantPast
    private let width = 30

    func downloadStarted(_ file: String, total: Int64?, from offset: Int64) {
        self.file = file
        self.total = total
        self.offset = offset
        started = Date()
        if isTerminal { draw(offset, force: true) }
    }

    func downloadProgress(_ bytes: Int64) {
        if isTerminal { draw(bytes, force: false) }
    }

    func downloadEnded(_ file: String, bytes: Int64, completed: Bool) {
        if isTerminal {
            if completed { draw(bytes, force: true) }
            write("\r\u{1b}[K")
        }
        guard completed else { return }   // the reason follows as the error line
        let resumed = offset > 0 ? ", resumed at \(MapDownloadError.size(offset))" : ""
        write(String(format: "download: %@: %@ in %.1fs%@\n", file, MapDownloadError.size(bytes),
                     Date().timeIntervalSince(started), resumed))
    }

    private func draw(_ bytes: Int64, force: Bool) {
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = String(format: "%.1fs", now.timeIntervalSince(started))
        let name = String(file.prefix(24)).padding(toLength: 24, withPad: " ", startingAt: 0)
        if let total, total > 0 {
            let fraction = min(1, Double(bytes) / Double(total))
            let filled = Int((fraction * Double(width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write("\r\u{1b}[K\(name) \(bar) \(String(format: "%3d%%", Int(fraction * 100)))  \(MapDownloadError.size(bytes))  \(elapsed)")
        } else {
            write("\r\u{1b}[K\(name) \(MapDownloadError.size(bytes))  \(elapsed)")
        }
    }

    private func write(_ text: String) { StandardStreams.writeError(text) }
}
