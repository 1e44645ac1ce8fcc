import Foundation

/// Single keys typed while following on a terminal (`q` stops, `s` skips): the terminal is put
/// in non-canonical mode without echo (Ctrl-C still interrupts) and read without waiting; the
/// old mode comes back on `restore`.
final class TerminalKeys {
    private var saved = termios()
    private let active: Bool

    /// Does nothing unless stdin is a terminal.
    init() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
            active = false
            return
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        active = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }

    /// A key typed since the last call, if any.
    func pending() -> Character? {
        guard active else { return nil }
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        return Character(Unicode.Scalar(byte)).lowercased().first
    }

    func restore() {
        if active { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }
}
