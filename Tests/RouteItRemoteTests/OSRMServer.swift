import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
#if canImport(Glibc)
import Glibc
#endif
import RouteItTestSupport

/// A real osrm-routed on 127.0.0.1 started through Scripts/osrm-server (graphs made by
/// `Scripts/osrm-server prepare`, which Scripts/test runs). Killing it is part of the tests.
final class OSRMServer {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    let profile: String
    /// The port osrm-routed bound (it is started on port 0 and says which one it got).
    private(set) var port: UInt16
    /// A graph of the test's own (`prepare(osm:)`), else the Helsinki one Scripts/osrm-server serves.
    private let graph: String?
    private var process: Process?

    static var osrmDirectory: String {
        ProcessInfo.processInfo.environment["ROUTEIT_OSRM_DIR"] ?? packageRoot.appendingPathComponent(".data/osrm").path
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the server and waits until it answers HTTP; fails with how to fix a missing graph.
    init(profile: String, port: UInt16? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        self.profile = profile
        self.port = port ?? 0
        self.graph = nil
        let helsinki = "\(Self.osrmDirectory)/graph/\(profile)/Helsinki.osrm.hsgr"
        guard FileManager.default.fileExists(atPath: helsinki) else {
            XCTFail("No OSRM \(profile) graph at \(helsinki): run Scripts/fetch-data and Scripts/osrm-server prepare", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        try start()
    }

    /// osrm-routed on a graph made by `prepare(osm:)`.
    init(graph: String) throws {
        profile = "car"
        port = 0
        self.graph = graph
        try start()
    }

    /// Runs osrm-extract (car.lua) and osrm-contract on `osm` in its folder; the graph's path.
    static func prepare(osm: URL) throws -> String {
        let bin = "\(osrmDirectory)/osrm/bin"
        // osrm-extract names the graph after the file less `.osm`, `.osm.pbf` or `.pbf`.
        var stem = osm.deletingPathExtension()
        if stem.pathExtension == "osm" { stem = stem.deletingPathExtension() }
        let output = stem.path + ".osrm"
        for (tool, arguments) in [("osrm-extract", ["-p", "\(osrmDirectory)/osrm/share/profiles/car.lua", osm.path]),
                                  ("osrm-contract", [output])] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "\(bin)/\(tool)")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                XCTFail("\(tool) failed on \(osm.lastPathComponent) (run Scripts/fetch-osrm)")
                throw POSIXError(.EIO)
            }
        }
        return output
    }

    /// Starts osrm-routed on `port`: the first time on port 0, which it binds itself and reports
    /// ("Listening on: 127.0.0.1:PORT"), so no other process can take the port between a pick and
    /// the bind; a restart after `kill()` asks for the same port again.
    func start() throws {
        let process = Process()
        if let graph {
            process.executableURL = URL(fileURLWithPath: "\(Self.osrmDirectory)/osrm/bin/osrm-routed")
            process.arguments = ["--algorithm", "ch", "--ip", "127.0.0.1", "--port", String(port), graph]
        } else {
            process.executableURL = Self.packageRoot.appendingPathComponent("Scripts/osrm-server")
            process.arguments = ["serve", profile, String(port)]
        }
        let output = ChildOutput(process)
        try process.run()
        self.process = process
        guard let bound = output.waitForPort(process, seconds: 20) else {
            kill()
            XCTFail("osrm-routed did not report its port within 20 s:\n\(output.text)")
            throw POSIXError(.ETIMEDOUT)
        }
        port = bound
        guard Self.answers(baseURL) else {
            kill()
            XCTFail("osrm-routed did not answer on port \(port):\n\(output.text)")
            throw POSIXError(.ETIMEDOUT)
        }
    }

    /// SIGKILL, as when a server dies; waits until the port is closed.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    deinit { kill() }

    /// A loopback port that refuses connections for as long as the returned socket is open: bound
    /// but not listening, so no other process can start a server on it meanwhile.
    static func refusingPort() -> RefusingPort { RefusingPort() }  // see TestFiles.swift

    /// Raw GET with no RouteIt code involved: the reference answer the tests compare against.
    static func rawJSON(_ url: URL) throws -> [String: Any] {
        let data = try rawGet(url).body
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// Synchronous URLSession GET (the reference path, separate from RouteIt's HTTPClient).
    static func rawGet(_ url: URL, timeout: TimeInterval = 5) throws -> (status: Int, body: Data) {
        let semaphore = DispatchSemaphore(value: 0)
        let box = ResultBox()
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.value = error.map { .failure($0) }
                ?? .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            semaphore.signal()
        }.resume()
        semaphore.wait()
        return try box.value!.get()
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Result<(Int, Data), Error>?
    }

    private static func answers(_ url: URL) -> Bool {
        (try? rawGet(url.appendingPathComponent("nearest/v1/driving/24.94,60.17"), timeout: 1)) != nil
    }
}
