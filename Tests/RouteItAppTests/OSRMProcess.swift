import Foundation
import XCTest

/// A real osrm-routed on loopback for the shell tests: `Scripts/osrm-server serve car PORT`
/// (it execs osrm-routed, so the Process is the server) on graphs from
/// `Scripts/osrm-server prepare`.
struct OSRMProcess {
    let url: String
    let port: UInt16
    let process: Process

    /// Starts the server (on `port`, else a free one) and waits until it answers HTTP.
    static func start(port: UInt16? = nil) throws -> OSRMProcess {
        let port = port ?? freePort()
        let process = Process()
        process.executableURL = RouteItProcess.packageRoot.appendingPathComponent("Scripts/osrm-server")
        process.arguments = ["serve", "car", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let url = "http://127.0.0.1:\(port)"
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning {
            if (try? Data(contentsOf: URL(string: url + "/nearest/v1/driving/24.94,60.17")!)) != nil {
                return OSRMProcess(url: url, port: port, process: process)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        XCTFail("osrm-routed did not start on port \(port) (run Scripts/osrm-server prepare)")
        throw CocoaError(.executableLoad)
    }

    /// Gone at once, as a crash would take it.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port nobody listens on right now (the kernel's pick).
    static func freePort() -> UInt16 {
        let socket = LoopbackSocket.bound()
        close(socket.fd)
        return socket.port
    }
}

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks.
enum LoopbackSocket {
    static func bound() -> (fd: Int32, port: UInt16) {
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
