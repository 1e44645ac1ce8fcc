@preconcurrency import CEditLine
import Foundation
import RouteItCore
@preconcurrency import SwiftGlibc

/// The interactive prompt: libedit's readline with a history file and tab completion of
/// command names and their arguments (slots, modes, rows).
final class EditLineReader: LineReader {
    private let historyPath: String?
    /// A history that cannot be written is said once a session, not at every line.
    private var historyFailureSaid = false

    /// `complete(textBeforeWord, word)` returns every candidate; prefix filtering is done here.
    init(historyPath: String?, complete: @escaping (String, String) -> [String]) {
        self.historyPath = historyPath.flatMap(Self.usableHistory)
        completionSource = complete
        Self.useUTF8Locale()
        // Before anything initialises libedit, which picks the key reader up once.
        PromptKeyReader.install()
        rl_getc_function = readKey
        rl_pre_input_hook = enterRawModeBeforePrompt
        PromptKeyReader.redrawLine = {
            // Raw mode again: the job-control shell put back its own terminal modes when the
            // program stopped. Cooked first, so that libedit sets raw mode even when it believes
            // it is still on (a stop its own SIGTSTP handler did not see: a second Ctrl-Z on
            // the same line, kill -STOP). Then the prompt and the line on a cleared line.
            rl_deprep_terminal()
            rl_prep_terminal(1)
            fputs("\r\u{1B}[K", stdout)
            fflush(stdout)
            rl_forced_update_display()
        }
        rl_readline_name = UnsafePointer(strdup("routeit"))
        using_history()
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
        rl_attempted_completion_function = completeWord
    }

    func readLine(prompt: String) -> String? {
        guard let cLine = readline(prompt) else { return nil }
        defer { free(cLine) }
        let line = String(cString: cLine)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(cLine)
            if let historyPath, !HistoryFile.save(to: historyPath), !historyFailureSaid {
                historyFailureSaid = true
                printError("routeit: the history file \(TerminalSafeText.clean(historyPath)) could not be written whole (a full disk or ulimit -f); it was left as it was.")
            }
        }
        return line
    }

    /// The history file, unless it is something other than a regular file (a FIFO would hang the
    /// shell before its prompt, a link to /dev/zero grow without end) or too large: then the
    /// session keeps no history, and says so once.
    static func usableHistory(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }  // not there yet: created on the first line
        let megabytes = 16
        if info.st_mode & S_IFMT != S_IFREG {
            printError("routeit: the history file \(TerminalSafeText.clean(path)) is not a regular file; history is not kept this session.")
            return nil
        }
        if info.st_size > megabytes << 20 {
            printError("routeit: the history file \(TerminalSafeText.clean(path)) is over \(megabytes) MB; history is not kept this session.")
            return nil
        }
        return path
    }

    /// libedit reads multibyte characters only in a UTF-8 locale; without one it silently drops
    /// bytes such as the ö of Lönnrotinkatu. Use the user's locale, else C.UTF-8.
    static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
        if codeset != "UTF-8" && codeset != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// `$XDG_STATE_HOME/routeit/history`, else `~/.local/state/routeit/history` (directory created).
    static func defaultHistoryPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let directory = base + "/routeit"
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        return directory + "/history"
    }
}

// libedit calls back through plain C function pointers, which cannot capture context: the
// candidates live in these globals for the duration of one completion. Unsafe: only the
// shell's reading thread, inside libedit, touches them.
nonisolated(unsafe) private var completionSource: (String, String) -> [String] = { _, _ in [] }
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0

private let completeWord: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
    rl_attempted_completion_over = 1
    let word = text.map { String(cString: $0) } ?? ""
    let line = rl_line_buffer.map { String(cString: $0) } ?? ""
    let before = String(decoding: line.utf8.prefix(Int(start)), as: UTF8.self)
    completionMatches = completionSource(before, word).filter { $0.hasPrefix(word) }
    guard !completionMatches.isEmpty else { return nil }
    return rl_completion_matches(text, nextMatch)
}

/// libedit on Linux draws the prompt while the terminal is still in cooked mode and turns raw
/// mode on only when it reads the first key (its check before the prompt needs FIONREAD, which
/// its read.c does not see on glibc). Keys typed in that gap are echoed by the terminal driver
/// and held in its line buffer, and a Ctrl-Z or Ctrl-C there makes the driver throw them away:
/// after `fg` the half-typed line was gone. Raw mode before the prompt closes the gap.
private let enterRawModeBeforePrompt: @convention(c) () -> Int32 = {
    rl_prep_terminal(1)
    return 0
}

private let readKey: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { file in
    PromptKeyReader.nextKey(from: file.map { fileno($0) } ?? STDIN_FILENO)
}

private let nextMatch: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
    if state == 0 { completionIndex = 0 }
    guard completionIndex < completionMatches.count else { return nil }
    defer { completionIndex += 1 }
    return strdup(completionMatches[completionIndex])
}
