import Foundation
@preconcurrency import SwiftGlibc
import RouteItCore
import Synchronization

/// Every write to stdout and stderr ends well: a closed stream or a full disk is an error that
/// makes the exit status non-zero, never a trap (Foundation's `FileHandle.write` traps on
/// EBADF/ENOSPC) and never a silent success.
enum StandardStreams {
    private static let stderrFailed = Atomic(false)
    private static let stdoutClosedAtStart = Atomic(false)
    private static let stderrClosedAtStart = Atomic(false)

    /// At start, before any file is opened: a closed fd 0, 1 or 2 is held by /dev/null, so no map
    /// or store opened later becomes "stdout" and has screens written into it.
    static func holdClosedDescriptors() {
        for fd: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
            let held = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if held != fd, held >= 0 { dup2(held, fd); close(held) }
            if fd == STDOUT_FILENO { stdoutClosedAtStart.store(true, ordering: .relaxed) }
            if fd == STDERR_FILENO { stderrClosedAtStart.store(true, ordering: .relaxed) }
        }
    }

    /// Writes all of `text` to stderr with write(2); a failure is remembered for the exit status.
    static func writeError(_ text: String) {
        if stderrClosedAtStart.load(ordering: .relaxed) || !writeAll(Array(text.utf8), to: STDERR_FILENO) { stderrFailed.store(true, ordering: .relaxed) }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The status to exit with: `status`, or 1 when it was 0 but some output could not be
    /// written (said on stderr when stderr still works).
    static func exitStatus(_ status: Int32) -> Int32 {
        let flushed = CStandardOutput.flush()
        let reason = flushed ? nil : String(cString: strerror(errno))
        let stdoutFailed = !flushed || CStandardOutput.hasFailed || stdoutClosedAtStart.load(ordering: .relaxed)
        if stdoutFailed {
            let why = stdoutClosedAtStart.load(ordering: .relaxed) ? "standard output is closed" : (reason ?? "a write failed")
            writeError("routeit: the output could not be written (\(why)); it is incomplete.\n")
        }
        guard status == 0 else { return status }
        return stdoutFailed || stderrFailed.load(ordering: .relaxed) ? 1 : 0
    }

    /// Exits after checking that every output was written.
    static func exit(_ status: Int32) -> Never {
        Foundation.exit(exitStatus(status))
    }
}

/// One message on stderr, cleaned for the terminal (a file or map name may carry escapes).
func printError(_ message: String) {
    StandardStreams.writeError(TerminalSafeText.cleanKeepingLayout(message) + "\n")
}

/// A line on stdout at once (following a trip: a pipe reads each event as it happens).
func printNow(_ line: String) {
    print(line)
    fflush(nil)
}
