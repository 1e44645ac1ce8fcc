@preconcurrency import CEditLine
import Foundation
@preconcurrency import SwiftGlibc

/// The shell's history written whole or not at all. libedit's `write_history` truncates the
/// file and then writes it line by line, ignoring failed writes: over `ulimit -f`, on a full
/// disk or killed mid-write, a history of hundreds of lines became its first few hundred bytes.
/// Here it goes to a file beside the history first and replaces it only when every line is there.
enum HistoryFile {
    /// Writes libedit's history to `path` (through a symlink, to its target); false when it could
    /// not be written whole, and then the file is as it was.
    static func save(to path: String) -> Bool {
        let target = realTarget(of: path)
        let temporary = target + ".\(getpid()).writing"
        defer { unlink(temporary) }
        guard write_history(temporary) == 0, lineCount(of: temporary) == Int(history_length) + 1 else { return false }
        return rename(temporary, target) == 0
    }

    /// A symlink's final target (so the link stays a link), else `path`.
    private static func realTarget(of path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Lines in the file: its header and one per entry (libedit encodes newlines in entries).
    private static func lineCount(of path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path), data.last == UInt8(ascii: "\n") else { return nil }
        return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
