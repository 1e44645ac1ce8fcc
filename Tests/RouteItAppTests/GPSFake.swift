import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
import RouteItTestSupport

/// A real gpsd fed an NMEA log by Debian's `gpsfake` on a free loopback port. The log is
/// written by the test (sentences with correct checksums) and replayed in a loop, a sentence
/// every 0.2 s, or a simulated drive replayed once, fast. `stop()` takes gpsd down with gpsfake
/// (a gpsd that goes away).
final class GPSFake {
    private(set) var port: UInt16 = 0
    private var process = Process()
    private let directory: URL
    private var stopped = false

    /// The gpsfake to run; the test skips (with why) only when it is not installed at all.
    static func executable() throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for directory in paths + ["/usr/bin"] where FileManager.default.isExecutableFile(atPath: directory + "/gpsfake") {
            return directory + "/gpsfake"
        }
        throw XCTSkip("gpsfake is not installed (Debian gpsd, gpsd-tools, gpsd-clients; Scripts/install-deps installs them)")
    }

    /// Replays `nmea` in a loop, a sentence every 0.2 s.
    convenience init(nmea: String) throws {
        try self.init(writing: nmea, arguments: ["-c", "0.2"])
    }

    /// A drive (Scripts/make-drive's NMEA) replayed once (`-1`), a sentence every `cycle` seconds
    /// (two a fix: GGA and RMC). gpsfake starts feeding when the first client watches; the
    /// readiness check asks for the device list without watching, so it eats none of the drive's
    /// fixes. gpsd still drops the first half second or so of a fast replay while it opens the
    /// device, so drives start with a lead-in standing still (make-drive --lead).
    convenience init(drive: URL, cycle: Double) throws {
        try self.init(writing: try String(contentsOf: drive, encoding: .utf8), arguments: ["-1", "-c", String(cycle)])
    }

    private init(writing nmea: String, arguments: [String]) throws {
        let gpsfake = try Self.executable()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-gpsfake-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("trip.nmea")
        try Data(nmea.utf8).write(to: log)
        // gpsfake cannot be given port 0: it passes the number to gpsd (-S) and to its own clients,
        // and derives gpsd's shared-memory key from it. So it gets a port the kernel just handed
        // out, and when another process binds that port first, gpsd says so ("can't bind to IPv4
        // port N") and keeps running without it. And gpsfake adds its device through gpsd's control
        // socket as soon as the socket's file exists, which is before gpsd listens on it: on a busy
        // machine the connection is refused, gpsfake goes on silently, and that gpsd never has a
        // device. Either way this starts another gpsfake on another port.
        var attempt = 0
        while true {
            attempt += 1
            let candidate = Self.freePort()
            let process = Process()
            // Process starts it as a process group leader; its gpsd child joins that group, so that
            // stopping the group takes both down. Its control socket goes to TMPDIR: this directory.
            process.executableURL = URL(fileURLWithPath: gpsfake)
            process.arguments = ["-P", String(candidate), "-q"] + arguments + [log.path]
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.path]) { $1 }
            process.standardInput = FileHandle.nullDevice
            let output = ChildOutput(process)
            try process.run()
            self.process = process
            self.port = candidate
            switch Self.waitUntilReady(process, output: output, port: candidate) {
            case .ready:
                return
            case .portTaken where attempt < 5, .noDevice where attempt < 5:
                Self.kill(process)
                Self.removeSharedMemory(port: candidate)
                continue
            case .portTaken, .noDevice, .failed:
                stop()
                throw GPSFakeFailed(description: "gpsfake did not start a gpsd with a device on port \(candidate) (attempt \(attempt)):\n\(output.text)")
            }
        }
    }

    private enum Start { case ready, portTaken, noDevice, failed }

    /// gpsfake starts gpsd, which takes a few seconds on a busy machine, and then adds the log as
    /// a device; the tests are about a gpsd that has one, so this waits until gpsd lists it,
    /// polling with deadlines: 60 s for the port, then 10 s for the device (gpsfake adds it right
    /// after gpsd starts, or never).
    private static func waitUntilReady(_ process: Process, output: ChildOutput, port: UInt16) -> Start {
        func taken() -> Bool { output.text.contains("can't bind to IPv4 port") }
        let portDeadline = Date().addingTimeInterval(60)
        while !accepts(port) {
            if taken() { return .portTaken }
            guard Date() < portDeadline, process.isRunning else { return .failed }
            _ = output.wait(for: "can't bind to IPv4 port", while: process, seconds: 0.1)
        }
        let deviceDeadline = Date().addingTimeInterval(10)
        while !listsDevice(port: port) {
            if taken() { return .portTaken }
            guard process.isRunning else { return .failed }
            guard Date() < deviceDeadline else { return .noDevice }
            _ = output.wait(for: "can't bind to IPv4 port", while: process, seconds: 0.2)
        }
        // Whoever answered must be this gpsd: gpsd reports a port it could not bind at start-up,
        // before gpsfake attaches the device.
        return taken() ? .portTaken : .ready
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        // SIGKILL: gpsfake inherits the test's blocked signals, SIGTERM among them.
        Glibc.kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Whether gpsd lists a device: `?DEVICES;` lists the devices it was given without opening
    /// them (a watch would open the device and take its first sentences).
    private static func listsDevice(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, loopback: port) else { return false }
        let request = Array("?DEVICES;\n".utf8)
        guard write(fd, request, request.count) == request.count else { return false }
        var reply = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // VERSION comes first, then DEVICES: read until the DEVICES line ends.
        while !String(decoding: reply, as: UTF8.self).contains("\"class\":\"DEVICES\"") || reply.last != UInt8(ascii: "\n") {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            reply += buffer[0..<count]
        }
        return String(decoding: reply, as: UTF8.self).contains("\"devices\":[{")
    }

    struct GPSFakeFailed: Error, CustomStringConvertible { var description: String }

    var address: String { "127.0.0.1:\(port)" }

    /// Takes gpsfake and its gpsd down and waits until the port refuses connections.
    func stop() {
        guard !stopped else { return }
        stopped = true
        Self.kill(process)
        // Until the port refuses connections (gpsd gone), polling with a deadline.
        let deadline = Date().addingTimeInterval(10)
        while Self.accepts(port), Date() < deadline { usleep(20_000) }
        try? FileManager.default.removeItem(at: directory)   // the log and gpsfake's control socket
        Self.removeSharedMemory(port: port)
    }

    /// gpsd leaves its shared-memory export behind when it exits, under the key gpsfake derives
    /// from the port (`0x4770` and the port in hex); left, they fill the system's 4,096
    /// segments over many runs, and then a gpsd cannot start its device.
    static func removeSharedMemory(port: UInt16) {
        let id = shmget(key_t(bitPattern: 0x4770_0000 | UInt32(port)), 0, 0)
        if id >= 0 { shmctl(id, IPC_RMID, nil) }
    }

    deinit { stop() }

    /// Whether a client holds a TCP connection to this gpsd. gpsfake talks to its gpsd over a
    /// Unix socket and the readiness check's gpspipe has exited, so such a client is the code
    /// under test.
    func hasClient() -> Bool { LoopbackConnections.clientConnected(toPort: port) }

    /// Waits until a client is connected (polling with a deadline); false when none comes.
    func waitForClient(seconds: TimeInterval = 60) -> Bool {
        LoopbackConnections.wait(toPort: port, seconds: seconds)
    }

    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return connect(fd, loopback: port)
    }

    private static func connect(_ fd: Int32, loopback port: UInt16) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A loopback port nothing listens on (the kernel's pick for an ephemeral bind).
    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                _ = bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// NMEA 0183 sentences with correct checksums, as a GPS receiver would send them.
enum NMEA {
    /// `$BODY*CS\r\n`: the checksum is the XOR of the body's bytes.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", checksum))\r\n"
    }

    /// `6010.2600,N` for 60.171; `ddmm.mmmm` / `dddmm.mmmm`.
    static func angle(_ degrees: Double, digits: Int, positive: String, negative: String) -> String {
        let value = abs(degrees)
        let whole = Int(value)
        let minutes = (value - Double(whole)) * 60
        return String(format: "%0\(digits)d%07.4f,%@", whole, minutes, degrees >= 0 ? positive : negative)
    }

    /// `seconds` of GGA+RMC pairs at one position; `fix: false` has GGA quality 0 and RMC status V.
    static func log(latitude: Double, longitude: Double, fix: Bool = true, hdop: Double = 0.9, seconds: Int = 5) -> String {
        let lat = angle(latitude, digits: 2, positive: "N", negative: "S")
        let lon = angle(longitude, digits: 3, positive: "E", negative: "W")
        return (0..<seconds).map { second in
            let time = String(format: "0900%02d.00", second)
            let gga = fix ? "GPGGA,\(time),\(lat),\(lon),1,08,\(hdop),10.0,M,17.0,M,,"
                          : "GPGGA,\(time),,,,,0,00,99.9,,M,,M,,"
            let rmc = fix ? "GPRMC,\(time),A,\(lat),\(lon),0.0,0.0,031226,,,A"
                          : "GPRMC,\(time),V,,,,,,,031226,,,N"
            return sentence(gga) + sentence(rmc)
        }.joined()
    }
}
