import Foundation
import XCTest

/// A real gpsd fed an NMEA log by Debian's `gpsfake` on a free loopback port. The log is
/// written by the test (sentences with correct checksums) and replayed in a loop, a sentence
/// every 0.2 s. `stop()` takes gpsd down with gpsfake (a gpsd that goes away).
final class GPSFake {
    let port: UInt16
    private let process = Process()
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

    init(nmea: String) throws {
        let gpsfake = try Self.executable()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-gpsfake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("trip.nmea")
        try Data(nmea.utf8).write(to: log)
        port = Self.freePort()
        // Process starts it as a process group leader; its gpsd child joins that group, so that
        // stopping the group takes both down.
        process.executableURL = URL(fileURLWithPath: gpsfake)
        process.arguments = ["-P", String(port), "-q", "-c", "0.2", log.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // gpsfake starts gpsd, which takes a few seconds on a busy machine.
        let deadline = Date().addingTimeInterval(30)
        while !Self.accepts(port) {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw GPSFakeFailed(description: "gpsfake did not start a gpsd on port \(port)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        // gpsd answers before gpsfake has attached the log as a device; the tests are about a
        // gpsd that has one, so wait until it says so (gpspipe, from gpsd-clients).
        while !hasDevice() {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw GPSFakeFailed(description: "gpsfake's gpsd on port \(port) never listed a device")
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    private func hasDevice() -> Bool {
        let pipe = Process()
        pipe.executableURL = URL(fileURLWithPath: "/usr/bin/gpspipe")
        pipe.arguments = ["-w", "-n", "2", "-x", "2", address]
        let output = Pipe()
        pipe.standardOutput = output
        pipe.standardError = FileHandle.nullDevice
        guard (try? pipe.run()) != nil else { return true }   // no gpspipe: do not block the tests
        let data = output.fileHandleForReading.readDataToEndOfFile()
        pipe.waitUntilExit()
        return String(decoding: data, as: UTF8.self).contains("\"devices\":[{")
    }

    struct GPSFakeFailed: Error, CustomStringConvertible { var description: String }

    var address: String { "127.0.0.1:\(port)" }

    /// Takes gpsfake and its gpsd down and waits until the port refuses connections.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            // SIGKILL: gpsfake inherits the test's blocked signals, SIGTERM among them.
            kill(-process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: "/tmp/gpsfake-\(process.processIdentifier).sock")
        let deadline = Date().addingTimeInterval(10)
        while Self.accepts(port), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
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
