@preconcurrency import CEditLine
import Foundation
@preconcurrency import SwiftGlibc

/// Prints the servers' state changes ("! Routing server unreachable — using the offline map")
/// when they happen, from whichever thread noticed. During a command they go out at once, above
/// its output (clearing a spinner line). While the user edits a line at the prompt they wait for
/// the prompt's own thread: the key reader is woken, prints them above the prompt and redraws
/// the half-typed line, which output from another thread would garble.
/// Unchecked: `lock` guards `atPrompt` and `pending`.
final class NoticePrinter: @unchecked Sendable {
    static let shared = NoticePrinter()

    private let lock = NSLock()
    private var atPrompt = false
    private var pending: [String] = []

    @Sendable func post(_ message: String) {
        let deferred: Bool = lock.withLock {
            if atPrompt { pending.append(message) }
            return atPrompt
        }
        if deferred { PromptKeyReader.wakeForNotice() } else { Self.write([message], redrawPrompt: false) }
    }

    /// The line editor is about to read a line.
    func promptOpened() { lock.withLock { atPrompt = true } }

    /// The line editor returned a line; what it had no time to show is shown now.
    func promptClosed() {
        let left: [String] = lock.withLock {
            atPrompt = false
            defer { pending.removeAll() }
            return pending
        }
        if !left.isEmpty { Self.write(left, redrawPrompt: false) }
    }

    /// On the prompt's thread (from inside the line editor): show what is waiting.
    func showPendingAtPrompt() {
        let waiting: [String] = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        if !waiting.isEmpty { Self.write(waiting, redrawPrompt: true) }
    }

    /// "\r" + erase line first: the cursor may be on a half-typed prompt line (stdout) or on a
    /// spinner (stderr).
    private static func write(_ messages: [String], redrawPrompt: Bool) {
        if redrawPrompt {
            fputs("\r\u{1B}[K", stdout)
        } else if isatty(STDERR_FILENO) == 1 {
            StandardStreams.writeError("\r\u{1B}[K")
        }
        // The terminal is in the editor's raw mode at the prompt: "\r\n", not "\n".
        let newline = redrawPrompt ? "\r\n" : "\n"
        // Alerts go to stderr; at the prompt stdout and stderr are the same terminal, and the
        // line editor redraws on stdout.
        let stream = redrawPrompt ? stdout : stderr
        fputs(messages.joined(separator: newline) + newline, stream)
        fflush(stream)
        if redrawPrompt { rl_forced_update_display() }
    }
}
