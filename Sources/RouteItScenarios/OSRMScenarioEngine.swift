import Foundation
import RouteItCore

/// OSRM itself as the peer: the scenario written as an `.osm` file, `osrm-extract` with OSRM's
/// own profile, `osrm-contract`, then `osrm-routed` (CH) on a loopback port, asked as the
/// cucumber support asks it (`steps=true`, `alternatives=false`).
public struct OSRMScenarioEngine: ScenarioEngine {
    let binDirectory: URL
    let profilesDirectory: URL

    /// `osrmDirectory`: the unpacked release (`bin/`, `share/profiles/`), as Scripts/fetch-osrm leaves it.
    public init(osrmDirectory: URL) {
        binDirectory = osrmDirectory.appendingPathComponent("bin")
        profilesDirectory = osrmDirectory.appendingPathComponent("share/profiles")
    }

    public var isRouteIt: Bool { false }

    public func open(_ map: ScenarioMap, profile: String, directory: URL) throws -> ScenarioRouter {
        let profileFile = profilesDirectory.appendingPathComponent("\(profile).lua")
        guard FileManager.default.fileExists(atPath: profileFile.path) else { throw ScenarioError.unsupported("profile \(profile)") }
        let base = directory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        do {
            let osm = base.appendingPathComponent("scenario.osm"), osrm = base.appendingPathComponent("scenario.osrm")
            try ScenarioOSMXML.document(map.entities).write(to: osm, atomically: false, encoding: .utf8)
            try run("osrm-extract", ["-p", profileFile.path, osm.path], in: base)
            try run("osrm-contract", [osrm.path], in: base)
            return try OSRMRouter(start: binDirectory.appendingPathComponent("osrm-routed"), graph: osrm, base: base)
        } catch {
            try? FileManager.default.removeItem(at: base)
            throw error
        }
    }

    private func run(_ tool: String, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = binDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let log = directory.appendingPathComponent("\(tool).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let tail = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(3).joined(separator: " | ") ?? ""
            throw OSRMPeerError(description: "\(tool) failed (status \(process.terminationStatus)): \(tail)")
        }
    }
}

struct OSRMPeerError: Error, CustomStringConvertible {
    var description: String
}

/// One `osrm-routed` serving one scenario's graph.
final class OSRMRouter: ScenarioRouter {
    private let process = Process()
    private let port: Int
    private let base: URL

    init(start routed: URL, graph: URL, base: URL) throws {
        self.base = base
        port = try LoopbackPort.free()
        process.executableURL = routed
        process.arguments = ["-i", "127.0.0.1", "-p", "\(port)", "-a", "CH", "-t", "1", graph.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Ready once it says so; its output ends if it exits first.
        var seen = Data()
        let ready = Data("running and waiting for requests".utf8)
        while seen.range(of: ready) == nil {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                throw OSRMPeerError(description: "osrm-routed stopped: \(String(decoding: seen.suffix(300), as: UTF8.self))")
            }
            seen += chunk
        }
    }

    func route(_ points: [Coordinate]) throws -> OSRMStepStrings? {
        let coordinates = points.map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
        let url = "http://127.0.0.1:\(port)/route/v1/driving/\(coordinates)?steps=true&alternatives=false"
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "--max-time", "30", url]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let body = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard let json = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw OSRMPeerError(description: "osrm-routed answered no JSON")
        }
        guard json["code"] as? String == "Ok", let route = (json["routes"] as? [[String: Any]])?.first else { return nil }
        var steps: [OSRMStepStrings.Step] = []
        for leg in route["legs"] as? [[String: Any]] ?? [] {
            for step in leg["steps"] as? [[String: Any]] ?? [] {
                let maneuver = step["maneuver"] as? [String: Any] ?? [:]
                let location = maneuver["location"] as? [Double] ?? [0, 0]
                steps.append(OSRMStepStrings.Step(
                    type: maneuver["type"] as? String ?? "", modifier: maneuver["modifier"] as? String,
                    exit: maneuver["exit"] as? Int, name: step["name"] as? String ?? "", mode: step["mode"] as? String ?? "",
                    location: Coordinate(latitude: location.count > 1 ? location[1] : 0, longitude: location.first ?? 0),
                    rotaryName: step["rotary_name"] as? String))
            }
        }
        return OSRMStepStrings(steps: steps, duration: route["duration"] as? Double ?? 0, distance: route["distance"] as? Double ?? 0)
    }

    func close() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: base)
    }
}

/// A TCP port on 127.0.0.1 nobody listens on (the kernel's pick for a socket bound to port 0).
enum LoopbackPort {
    static func free() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw OSRMPeerError(description: "no socket for a free port") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Int32 in
                guard bind(fd, p, length) == 0 else { return -1 }
                return getsockname(fd, p, &length)
            }
        }
        guard bound == 0 else { throw OSRMPeerError(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
