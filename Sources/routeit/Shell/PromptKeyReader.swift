import Foundation

/// Reads the prompt's keys for libedit (its `rl_getc_function`), so that other threads can act
/// at the prompt without touching libedit: they write to a pipe that this reader watches next to
/// the terminal. Ctrl-C (SIGINT, handled by a Dispatch source) is answered with Ctrl-U (kill the
/// whole line); a server notice is printed above the prompt, which is then redrawn.
/// Keys are decoded from UTF-8 here because libedit takes what this function returns as one
/// character (so `ö` must come back as one code point, not two bytes).
enum PromptKeyReader {
    static let killLine: Int32 = 0x15
    private static let wakeUp: [Int32] = {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        }
        return fds
    }()

    /// Prepares the pipe (call before any interrupt can arrive).
    static func install() { _ = wakeUp }

    private static let interruptByte: UInt8 = 1
    private static let noticeByte: UInt8 = 2
    private static let redrawByte: UInt8 = 3
    /// Shows waiting notices on the prompt's thread (set by the shell).
    nonisolated(unsafe) static var showNotices: () -> Void = {}
    /// Draws the prompt and the half-typed line again, on the prompt's thread (set by the line editor).
    nonisolated(unsafe) static var redrawLine: () -> Void = {}

    /// Ctrl-C at the prompt: safe from any thread.
    static func interrupt() { wake(with: interruptByte) }

    /// A notice waits to be shown at the prompt: safe from any thread.
    static func wakeForNotice() { wake(with: noticeByte) }

    /// The program was continued (`fg` after Ctrl-Z): the job-control shell drew its own lines
    /// over the prompt, so it is drawn again with what was typed. Safe from any thread.
    static func wakeToRedraw() { wake(with: redrawByte) }

    private static func wake(with reason: UInt8) {
        var byte = reason
        _ = write(wakeUp[1], &byte, 1)
    }

    /// The next key as a Unicode code point, the kill-line key after an interrupt, or -1 at end of input.
    static func nextKey(from fd: Int32) -> Int32 {
        guard let first = nextByte(from: fd, interruptible: true) else { return -1 }
        if first == -2 { return killLine }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1 else { return first }
        var scalar = first & (0x7F >> length)
        for _ in 1..<length {
            guard let next = nextByte(from: fd, interruptible: false), next & 0xC0 == 0x80 else { return 0xFFFD }
            scalar = scalar << 6 | (next & 0x3F)
        }
        return scalar
    }

    /// A byte from `fd`; -2 when interrupted; nil at end of input.
    private static func nextByte(from fd: Int32, interruptible: Bool) -> Int32? {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeUp[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, interruptible ? 2 : 1, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if interruptible && fds[1].revents & Int16(POLLIN) != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                let count = max(0, read(wakeUp[0], &drained, drained.count))
                let reasons = drained.prefix(count)
                if reasons.contains(redrawByte) { redrawLine() }
                if reasons.contains(noticeByte) { showNotices() }
                if reasons.contains(interruptByte) { return -2 }
                continue
            }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let count = read(fd, &byte, 1)
                if count == 1 { return Int32(byte) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return nil
            }
        }
    }
}
