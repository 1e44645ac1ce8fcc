import Foundation

/// Where a download's bytes go: appended to a `.part` file. A protocol so tests can fill the
/// disk without filling a disk.
public protocol DownloadFileSystem: Sendable {
    /// Opens `path` for appending, first cutting it to `length` bytes (0: empty; created when missing).
    func openForAppending(_ path: String, truncatingTo length: Int64) throws -> DownloadSink
}

public protocol DownloadSink: AnyObject {
    /// Throws `DiskFull` when the file system has no room (what fitted is written).
    func write(_ bytes: [UInt8]) throws
    /// Flushes to disk and closes.
    func close() throws
}

/// ENOSPC or EDQUOT: no room for the rest of a download.
public struct DiskFull: Error, Equatable {
    public init() {}
}

/// The local file system, through POSIX calls (so a full disk is ENOSPC, seen at once).
public struct LocalDownloadFiles: DownloadFileSystem {
    public init() {}

    public func openForAppending(_ path: String, truncatingTo length: Int64) throws -> DownloadSink {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, 0, SEEK_END) >= 0 else {
            let code = errno
            Glibc.close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return LocalSink(fd: fd)
    }
}

private final class LocalSink: DownloadSink {
    private var fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    func write(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            if errno == ENOSPC || errno == EDQUOT { throw DiskFull() }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    func close() throws {
        guard fd >= 0 else { return }
        let synced = fsync(fd) == 0 || errno == EINVAL
        let code = errno
        Glibc.close(fd)
        fd = -1
        if !synced { throw code == ENOSPC || code == EDQUOT ? DiskFull() : POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }
}
