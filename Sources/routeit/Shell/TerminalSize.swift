import Foundation

/// The size the terminal map is drawn at: the terminal's own when stdout is one, else 80×24
/// (pipes and `.flow` transcripts get the same picture every time).
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int

    static let fallback = TerminalSize(columns: 80, rows: 24)
    /// The largest map drawn: a terminal claiming 6000×6000 (a wrong TIOCGWINSZ) would cost
    /// hundreds of MB for a picture nobody can see.
    static let largest = TerminalSize(columns: 500, rows: 200)

    /// nil when `fileDescriptor` is not a terminal or reports no size.
    static func ofTerminal(_ fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
        guard isatty(fileDescriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return clamped(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// What a terminal reports, within `largest`.
    static func clamped(columns: Int, rows: Int) -> TerminalSize {
        TerminalSize(columns: min(columns, largest.columns), rows: min(rows, largest.rows))
    }

    static func current() -> TerminalSize { ofTerminal() ?? fallback }
}
