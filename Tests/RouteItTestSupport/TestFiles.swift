// The test-support target (RouteItTestSupport): what the test targets share, in one place.
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Where tests put files. The one helper for it, for every test target:
///
/// `temporaryDirectory(for:)`: a fresh directory under `$TMPDIR` that is removed when the test
/// ends, whatever its tearDown does.
///
/// `processDirectory(_:)`: a fresh directory for what a test class or a `static let` keeps for the
/// life of the test process (no test owns it): under one directory per process, removed at exit.
///
/// `shared(_:builtBy:make:)`: a fixture that is expensive to make (a real extract imported into a
/// map) and the same for every test process of a build. Under `swift test --parallel` every test
/// runs in a process of its own, so a per-process copy would import Helsinki once per test, and
/// two processes making the same file would race. It is made once, by whichever process asks
/// first while the others wait on a file lock, into a partial path renamed into place when done,
/// under `<package>/.build/test-fixtures/<builder>-<size>-<mtime>/NAME`. The stamp is the build of
/// the code that makes it (the test bundle, or the `routeit` executable): a rebuilt importer makes
/// its own copy, never reads a stale map, and older stamps of that builder are removed.
public enum TestFiles {
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh directory under `$TMPDIR`, removed when `test` ends (pass or fail).
    public static func temporaryDirectory(for test: XCTestCase) throws -> URL {
        let name = test.name.split(separator: " ").last.map { $0.filter(\.isLetter) } ?? "test"
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("routeit-test-\(name.prefix(40))-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// A fresh directory `name-…` under this process's scratch directory, removed when the process exits.
    public static func processDirectory(_ name: String) throws -> URL {
        let dir = processScratch.appendingPathComponent("\(name.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(40))-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private static let processScratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "/routeit-tests-\(getpid())") }
        return url
    }()

    /// The test executable this code runs in (`RouteItPackageTests.xctest`): what builds the
    /// in-process fixtures.
    public static var testBundle: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// The directory `NAME` of this build's fixtures, filled by `make(partialDirectory)` when it is
    /// not there yet (a map and whatever files its import writes next to it move in together).
    public static func shared(_ name: String, builtBy builder: URL, make: (URL) throws -> Void) throws -> URL {
        let attributes = try FileManager.default.attributesOfItem(atPath: builder.resolvingSymlinksInPath().path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = Int64(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000)
        let root = packageRoot.appendingPathComponent(".build/test-fixtures")
        let prefix = builder.lastPathComponent + "-"
        let stamped = root.appendingPathComponent("\(prefix)\(size)-\(modified)")
        let final = stamped.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: final.path) { return final }

        try FileManager.default.createDirectory(at: stamped, withIntermediateDirectories: true)
        let lock = open(stamped.appendingPathComponent("\(name).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(lock) }   // releases the lock
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CocoaError(.fileLocking) }
        }
        if FileManager.default.fileExists(atPath: final.path) { return final }   // made while we waited
        // Older builds' fixtures of this builder go (they are never read again).
        for old in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where old.hasPrefix(prefix) && old != stamped.lastPathComponent {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(old))
        }
        let partial = stamped.appendingPathComponent("\(name).partial-\(getpid())")
        try? FileManager.default.removeItem(at: partial)
        do {
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            try make(partial)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        guard rename(partial.path, final.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return final
    }
}

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks.
public enum LoopbackSocket {
    public static func bound() -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}

/// A TCP port on 127.0.0.1 that is bound but never listened on: connecting to it is refused, and
/// nothing else can bind it until `close()` (or deinit).
public final class RefusingPort: @unchecked Sendable {
    public let port: UInt16
    private var fd: Int32

    public init() {
        (fd, port) = LoopbackSocket.bound()
    }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}

/// What a child writes to stdout and stderr, collected on a thread as it comes (so the child
/// never blocks on a full pipe), for waiting on a line instead of sleeping.
public final class ChildOutput: @unchecked Sendable {
    private let lock = NSCondition()
    private var data = Data()

    public init(_ process: Process) {
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let reading = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = reading.availableData
                lock.lock()
                if chunk.isEmpty { lock.unlock(); break }
                data.append(chunk)
                lock.broadcast()
                lock.unlock()
            }
        }.start()
    }

    public var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits until the output contains `text`; false when the child ends or `seconds` pass first.
    public func wait(for text: String, while process: Process, seconds: TimeInterval) -> Bool {
        wait(while: process, seconds: seconds) { $0.contains(text) }
    }

    /// Waits until `check(output)` holds, woken by each new chunk (and at least every 0.1 s to
    /// notice a child that ended); false when the child ends or `seconds` pass first.
    public func wait(while process: Process, seconds: TimeInterval, until check: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if check(String(decoding: data, as: UTF8.self)) { return true }
            if !process.isRunning || Date() >= deadline { return false }
            _ = lock.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
    }

    /// The port in osrm-routed's "Listening on: 127.0.0.1:PORT".
    public func waitForPort(_ process: Process, seconds: TimeInterval) -> UInt16? {
        // "Listening on: 127.0.0.1:PORT", then "running and waiting for requests" once it serves.
        guard wait(for: "running and waiting for requests", while: process, seconds: seconds) else { return nil }
        let text = self.text
        guard let range = text.range(of: #"Listening on: 127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return UInt16(text[range].split(separator: ":").last!)
    }
}

/// TCP connections on this machine, from /proc/net/tcp{,6}: how a test sees that a client it
/// started (routeit, gpsd's client) has connected to a server, or has let go of the connection,
/// without sleeping and hoping.
public enum LoopbackConnections {
    /// Whether some client holds an ESTABLISHED connection to `port` (its remote end is the port).
    public static func clientConnected(toPort port: UInt16) -> Bool {
        let wanted = String(format: ":%04X", Int(port))
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: /proc files say they are empty (size 0) until read.
            guard let handle = FileHandle(forReadingAtPath: table) else { continue }
            let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            try? handle.close()
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st ...; 01 is ESTABLISHED.
                if fields.count > 3, fields[2].hasSuffix(wanted), fields[3] == "01" { return true }
            }
        }
        return false
    }

    /// Polls (every 20 ms, up to `seconds`) until `connected(toPort:)` is `connected`.
    public static func wait(untilConnected connected: Bool = true, toPort port: UInt16, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while clientConnected(toPort: port) != connected {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }
}
