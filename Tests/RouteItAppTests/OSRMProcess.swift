import Foundation
import XCTest
import RouteItTestSupport

/// A real osrm-routed on loopback for the shell tests: `Scripts/osrm-server serve car PORT`
/// (it execs osrm-routed, so the Process is the server) on graphs from
/// `Scripts/osrm-server prepare`.
struct OSRMProcess {
    let url: String
    let port: UInt16
    let process: Process
    /// What osrm-routed logged: a line per request it answered.
    let output: ChildOutput

    /// Requests osrm-routed has answered so far (its log has a line for each, "… 127.0.0.1 - AGENT STATUS /path").
    var requestCount: Int { output.text.components(separatedBy: " 127.0.0.1 - ").count - 1 }

    /// Waits until osrm-routed has answered `count` requests; false after `seconds`.
    func waitForRequests(_ count: Int, seconds: TimeInterval) -> Bool {
        output.wait(while: process, seconds: seconds) { $0.components(separatedBy: " 127.0.0.1 - ").count - 1 >= count }
    }

    /// Starts the server and waits until it answers HTTP. Without `port` it asks osrm-routed for
    /// port 0, which it binds itself and reports ("Listening on: 127.0.0.1:PORT"): no other
    /// process can take the port between a pick and the bind. With `port` (a restart on the port
    /// a test already uses) it binds that one.
    static func start(port: UInt16? = nil) throws -> OSRMProcess {
        let process = Process()
        process.executableURL = RouteItProcess.packageRoot.appendingPathComponent("Scripts/osrm-server")
        process.arguments = ["serve", "car", String(port ?? 0)]
        let output = ChildOutput(process)
        try process.run()
        if let bound = output.waitForPort(process, seconds: 20) {
            let url = "http://127.0.0.1:\(bound)"
            if (try? Data(contentsOf: URL(string: url + "/nearest/v1/driving/24.94,60.17")!)) != nil {
                return OSRMProcess(url: url, port: bound, process: process, output: output)
            }
        }
        process.terminate()
        process.waitUntilExit()
        XCTFail("osrm-routed did not start (run Scripts/osrm-server prepare):\n\(output.text)")
        throw CocoaError(.executableLoad)
    }

    /// Gone at once, as a crash would take it.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A loopback port that refuses connections while the returned value lives (see TestFiles.swift).
    static func refusingPort() -> RefusingPort { RefusingPort() }
}
