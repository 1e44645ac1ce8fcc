import Foundation
import Synchronization

/// Stops a wait on another thread (an HTTP exchange, a gpsd watch): sets a flag, and wakes a
/// `poll` that watches `readFD` through a pipe.
public final class StopSignal: Sendable {
    private let stopped = Atomic(false)
    let readFD: Int32
    private let writeFD: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    public var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    public func stop() {
        let first = !stopped.exchange(true, ordering: .sequentiallyConsistent)
        if first && writeFD >= 0 { var byte: UInt8 = 1; _ = write(writeFD, &byte, 1) }
    }
}
