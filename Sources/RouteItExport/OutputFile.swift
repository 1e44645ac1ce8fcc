import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file cannot be written; `reason` is the short cause for "Cannot write FILE: reason".
public struct OutputFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "Cannot write \(path): \(reason)." }
}

/// Writing what the user named, without ever replacing what is not a plain file there: a
/// symlink is written through (its target changes, the link stays), a FIFO or a terminal-like
/// character device (`/dev/stdout`, `/dev/null`, `/dev/full`) is written into, a directory,
/// socket or block device is refused; a regular file is replaced atomically (a failed write
/// leaves the old one). Write errors (a full disk) come back as one `OutputFileError`.
public enum OutputFile {
    /// What is at a path, seen without following a final symlink.
    public enum Kind: Equatable {
        case missing, regular, directory, symlink, fifo, characterDevice, blockDevice, socket

        public init(path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                self = .missing
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symlink
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .socket
            }
        }
    }

    /// The file that writing `path` really changes (a symlink's final target, else `path`)
    /// and what is there now. Throws for a directory, socket or block device, for a FIFO or
    /// character device unless `streams` allows them, and when the folder is missing (unless
    /// `creatingFolders`: then the nearest existing one above) or not writable, so a long job
    /// can fail before it starts.
    public static func target(for path: String, allowingStreams streams: Bool,
                              creatingFolders: Bool = false) throws -> (path: String, kind: Kind) {
        var current = path
        for _ in 0..<40 {
            let kind = Kind(path: current)
            switch kind {
            case .symlink:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw OutputFileError(path: path, reason: "the link cannot be read")
                }
                // A relative target is read from the link's folder (none: the current one, not "/").
                let folder = (current as NSString).deletingLastPathComponent
                current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
                continue
            case .missing, .regular:
                try requireWritableFolder(for: current, named: path, creatingFolders: creatingFolders)
            case .directory:
                throw OutputFileError(path: path, reason: "it is a directory; give a file name")
            case .fifo, .characterDevice:
                guard streams else {
                    throw OutputFileError(path: path, reason: "it is \(kind == .fifo ? "a FIFO" : "a device"), not a file; give a file name")
                }
            case .blockDevice, .socket:
                throw OutputFileError(path: path, reason: "it is \(kind == .socket ? "a socket" : "a disk device"), not a file; give a file name")
            }
            return (current, kind)
        }
        throw OutputFileError(path: path, reason: "too many symbolic links")
    }

    /// Writes `data` to `path` (see the type's rules).
    public static func write(_ data: Data, to path: String) throws {
        let target = try target(for: path, allowingStreams: true)
        switch target.kind {
        case .fifo, .characterDevice: try writeInto(target.path, data, shownAs: path)
        default: try replace(target.path, with: data, shownAs: path)
        }
    }

    /// The folder of `file` (or, `creatingFolders`, the nearest existing one above it, the
    /// missing ones below being created later) must be a folder we may write in.
    private static func requireWritableFolder(for file: String, named shown: String, creatingFolders: Bool) throws {
        var folder = (file as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        if !creatingFolders, Kind(path: folder) == .missing {
            throw OutputFileError(path: shown, reason: "there is no directory \(folder)")
        }
        while Kind(path: folder) == .missing, folder != "/", folder != "." {
            folder = (folder as NSString).deletingLastPathComponent
            if folder.isEmpty { folder = "." }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputFileError(path: shown, reason: "\(folder) is not a directory")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw OutputFileError(path: shown, reason: "the folder \(folder) is not writable; choose another place")
        }
    }

    /// Into an existing FIFO or device, without creating or truncating anything. A FIFO that no
    /// one reads is an error, not a hang.
    private static func writeInto(_ path: String, _ data: Data, shownAs shown: String) throws {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw OutputFileError(path: shown, reason: errno == ENXIO ? "nothing is reading from that FIFO" : reason(errno))
        }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        // A reader that leaves would raise SIGPIPE and end the program: held back on this
        // thread (and taken out if it came), so the write fails with EPIPE instead.
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        try writeAll(fd, data, shownAs: shown)
    }

    /// A temporary file next to `path`, renamed over it once complete.
    private static func replace(_ path: String, with data: Data, shownAs shown: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputFileError(path: shown, reason: reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            // The mode a new file gets (0666 less the umask), or the one the old file had.
            var info = stat()
            let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
            fchmod(fd, mode)
            try writeAll(fd, data, shownAs: shown)
            guard fsync(fd) == 0 else { throw OutputFileError(path: shown, reason: reason(errno)) }
        }
        guard rename(temporary, path) == 0 else { throw OutputFileError(path: shown, reason: reason(errno)) }
        renamed = true
    }

    private static func writeAll(_ fd: Int32, _ data: Data, shownAs shown: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputFileError(path: shown, reason: reason(errno))
                }
                offset += n
            }
        }
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// A short, plain cause for an errno.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full; free some space and try again"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOENT, ENOTDIR: return "there is no such folder"
        case EISDIR: return "it is a directory; give a file name"
        case EPIPE: return "the reader went away"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
