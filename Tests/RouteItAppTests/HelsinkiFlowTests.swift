import XCTest
import RouteItTestSupport

/// Replays Tests/Flows/helsinki/*.flow on the real Helsinki extract (imported once into a cache
/// under .build, then reused), through the real executable and its embedded engine.
final class HelsinkiFlowTests: XCTestCase {
    /// The fetched extract: $ROUTEIT_OSM_DIR, else <package>/.data/osm. Missing is a failure.
    static func helsinkiExtract() throws -> String {
        let directory = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"]
            ?? RouteItProcess.packageRoot.appendingPathComponent(".data/osm").path
        let path = directory + "/Helsinki.osm.pbf"
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: run Scripts/fetch-data")
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    /// The extract imported by the code under test (never a stale map from an older importer)
    /// into a cache away from the user's own maps: once per build of routeit for every test
    /// process of a run (see TestFiles.shared), by a first `routeit --map Helsinki.osm.pbf`
    /// under the fixture lock, so parallel test processes do not each import it. The planner
    /// store and the history stay per process (a fresh directory each, removed at exit).
    static let cacheDirectory: Result<URL, Error> = Result {
        let map = try helsinkiExtract()
        return try TestFiles.shared("app-helsinki-cache", builtBy: try RouteItProcess.locate()) { cache in
            let warm = try RouteItProcess.run(["--map", map], input: "type 1 Mannerheimintie 1\nenter 1\n",
                                              environment: ["XDG_CACHE_HOME": cache.path])
            let maps = (try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/routeit/maps")) ?? []
            guard warm.status == 0, maps.contains(where: { $0.hasSuffix(".routeit") }) else {
                throw TestFixtureFailed(description: "routeit did not import \(map) into \(cache.path): \(warm.stderr)")
            }
        }
    }

    struct TestFixtureFailed: Error, CustomStringConvertible { var description: String }

    /// The extract imported by `routeit import -o` (what the tool tests route and geocode on):
    /// once per build of routeit for every test process (see TestFiles.shared).
    static func importedMap() throws -> String {
        let extract = try helsinkiExtract()
        return try TestFiles.shared("app-helsinki-import", builtBy: try RouteItProcess.locate()) { directory in
            let map = directory.appendingPathComponent("helsinki.routeit").path
            let result = try RouteItProcess.run(["import", extract, "-o", map], timeout: 300)
            guard result.status == 0, result.stdout == map + "\n" else {
                throw TestFixtureFailed(description: "routeit import \(extract) -o \(map): \(result.status)\n\(result.stderr)\n\(result.stdout)")
            }
        }.appendingPathComponent("helsinki.routeit").path
    }

    /// A maps directory with Helsinki and Monaco installed by `routeit import` (XDG_DATA_HOME
    /// layout: `routeit/maps/*.routeit`), once per build of routeit; tests copy it.
    static func installedMaps(_ environment: [String: String]) throws -> URL {
        try TestFiles.shared("app-installed-maps", builtBy: try RouteItProcess.locate()) { directory in
            for name in ["Helsinki.osm.pbf", "monaco.osm.pbf"] {
                let extract = URL(fileURLWithPath: try helsinkiExtract()).deletingLastPathComponent().appendingPathComponent(name).path
                let result = try RouteItProcess.run(["import", extract], environment: environment.merging(["XDG_DATA_HOME": directory.path]) { $1 },
                                                    timeout: 300)
                guard result.status == 0 else { throw TestFixtureFailed(description: "routeit import \(extract): \(result.stderr)") }
            }
        }
    }

    private static let processState: String = RouteItProcess.privateDataDirectory()

    static var environment: [String: String] {
        let cache: String
        do { cache = try cacheDirectory.get().path } catch {
            XCTFail("\(error)")
            cache = processState + "/cache"   // the test then imports on its own
        }
        return ["XDG_CACHE_HOME": cache, "XDG_DATA_HOME": processState + "/data", "XDG_STATE_HOME": processState + "/state"]
    }

    func testHelsinkiFlows() throws {
        let map = try Self.helsinkiExtract()
        let directory = RouteItProcess.flowsDirectory.appendingPathComponent("helsinki")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "flow" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 2)
        for file in files {
            // Each scenario has a planner store of its own (recent places reorder the picker), and
            // a fresh HOME that is also its working directory: `export gpx ~/trip.gpx` lands there.
            let home = RouteItProcess.privateDataDirectory()
            let environment = Self.environment.merging(["XDG_DATA_HOME": RouteItProcess.privateDataDirectory(), "HOME": home]) { $1 }
            let result = try RouteItProcess.run(["--map", map, "run", file.path], environment: environment,
                                                currentDirectory: URL(fileURLWithPath: home))
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent):\n\(result.stderr)\n--- stdout:\n\(result.stdout)")
            // What the flow's `export … ~/NAME` commands wrote is in its HOME.
            let flow = try String(contentsOf: file, encoding: .utf8)
            for line in flow.split(separator: "\n") where line.hasPrefix("export ") && line.hasSuffix(" --force") {
                let name = line.split(separator: " ")[2]
                if name.hasPrefix("~/") {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/" + name.dropFirst(2)), "\(file.lastPathComponent): \(line)")
                }
            }
        }
    }

    /// One process plans a morning round with a stay and saves it; a second process opens it
    /// from the same planner store and routes it: the same clock times, line for line.
    /// The two processes in different zones (TZ=America/New_York, then UTC) too: the trip's
    /// clock is the map's (Helsinki's), so the saved departure opens as 08:40 all the same.
    func testASavedTripOpensInASecondProcessWithTheSameTimes() throws {
        try savedTripOpensWithTheSameTimes(planZone: nil, openZone: nil)
        try savedTripOpensWithTheSameTimes(planZone: "America/New_York", openZone: "UTC")
    }

    private func savedTripOpensWithTheSameTimes(planZone: String?, openZone: String?) throws {
        let map = try Self.helsinkiExtract()
        let directory = RouteItProcess.flowsDirectory.appendingPathComponent("helsinki/saved")
        let environment = Self.environment.merging(["XDG_DATA_HOME": RouteItProcess.privateDataDirectory()]) { $1 }
        let plan = try RouteItProcess.run(["--map", map, "run", directory.appendingPathComponent("1-plan-morning-round.flow").path],
                                          environment: environment.merging(planZone.map { ["TZ": $0] } ?? [:]) { $1 })
        XCTAssertEqual(plan.status, 0, "\(plan.stderr)\n--- stdout:\n\(plan.stdout)")
        let open = try RouteItProcess.run(["--map", map, "run", directory.appendingPathComponent("2-open-morning-round.flow").path],
                                          environment: environment.merging(openZone.map { ["TZ": $0] } ?? [:]) { $1 })
        XCTAssertEqual(open.status, 0, "\(open.stderr)\n--- stdout:\n\(open.stdout)")
        func times(_ transcript: String) -> [String] {
            let lastRoute = transcript.components(separatedBy: "> route\n").last ?? ""
            return lastRoute.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("Depart ") || $0.hasPrefix("Arrive ") || $0.hasPrefix("Back at ") || $0.hasPrefix("Ending point: ") }
        }
        XCTAssertEqual(times(plan.stdout).count, 4 * 3 + 1, plan.stdout)
        XCTAssertEqual(times(open.stdout), times(plan.stdout))
        // A session with a store of its own has no such trip.
        let other = try RouteItProcess.run(["--map", map, "run", directory.appendingPathComponent("2-open-morning-round.flow").path],
                                           environment: Self.environment.merging(["XDG_DATA_HOME": RouteItProcess.privateDataDirectory()]) { $1 })
        XCTAssertNotEqual(other.status, 0)
    }

    func testDirectionsTotalIsSumOfLegs() throws {
        let map = try Self.helsinkiExtract()
        let input = """
        type 1 Mannerheimintie 1
        enter 1
        pick 1
        type 2 Annankatu 25
        enter 2
        pick 1
        route
        """
        let result = try RouteItProcess.run(["--map", map], input: input + "\n", environment: Self.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let legTimes = lines.filter { $0.hasPrefix("Expected Travel Time: ") }.map { seconds(String($0.dropFirst(22))) }
        XCTAssertEqual(legTimes.count, 2, result.stdout)
        XCTAssertTrue(legTimes.allSatisfy { $0 > 0 }, "a real leg takes time: \(legTimes)")
        let total = try XCTUnwrap(lines.first { $0.hasPrefix("Total Time: ") }.map { seconds(String($0.dropFirst(12))) })
        // Each shown time is rounded to the second, so the sum may differ by one per leg.
        XCTAssertLessThanOrEqual(abs(total - legTimes.reduce(0, +)), legTimes.count)
        let steps = lines.filter { $0.range(of: #"^\d+\. .+ - \d+\.\d\d miles$"#, options: .regularExpression) != nil }
        XCTAssertGreaterThanOrEqual(steps.count, 4, result.stdout)
    }

    /// `1h 5m 30s` → 3930.
    private func seconds(_ text: String) -> Int {
        text.split(separator: " ").reduce(0) { sum, part in
            let value = Int(part.dropLast()) ?? 0
            switch part.last {
            case "h": return sum + value * 3600
            case "m": return sum + value * 60
            default: return sum + value
            }
        }
    }
}

/// The planner store seen from the shell: settings kept between REPL sessions, the first-run
/// unit from the locale, and a damaged store that costs only the planner's commands.
final class PlannerShellTests: XCTestCase {
    func testTheREPLKeepsUnitsAndModeAndAFlowDoesNot() throws {
        let data = ["XDG_DATA_HOME": RouteItProcess.privateDataDirectory(), "LANG": "fi_FI.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": ""]
        let first = try RouteItProcess.run([], input: "show\n", environment: data)
        XCTAssertTrue(first.stdout.contains("Trip (car, kilometres)"), "a Finnish locale starts in km: \(first.stdout)")
        _ = try RouteItProcess.run([], input: "units mi\nmode walk\n", environment: data)
        let again = try RouteItProcess.run([], input: "show\n", environment: data)
        XCTAssertTrue(again.stdout.contains("Trip (walk, miles)"), again.stdout)
        let flow = try RouteItProcess.flowFile("show\nexpect Trip (car, kilometres)\nunits mi\n")
        XCTAssertEqual(try RouteItProcess.run(["run", flow.path], environment: data).status, 0, "a replay starts from the first-run settings")
        let us = try RouteItProcess.run([], input: "show\n", environment: ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": ""])
        XCTAssertTrue(us.stdout.contains("Trip (car, miles)"), us.stdout)
        let measurement = try RouteItProcess.run([], input: "show\n", environment: ["LANG": "en_GB.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": "de_DE.UTF-8"])
        XCTAssertTrue(measurement.stdout.contains("Trip (car, kilometres)"), "LC_MEASUREMENT comes before LANG: \(measurement.stdout)")
    }

    func testADamagedStoreCostsOnlyThePlannerCommands() throws {
        let data = RouteItProcess.privateDataDirectory()
        let store = URL(fileURLWithPath: data).appendingPathComponent("routeit/planner.sqlite")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: store)
        let result = try RouteItProcess.run([], input: "type 2 Annankatu 25\ntrips\nsave x\nunits km\n", environment: ["XDG_DATA_HOME": data])
        // A piped session whose commands failed ends with status 1 (and says why on stderr).
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("[ ] 2 Stop 1: Annankatu 25"), "planning goes on: \(result.stdout)")
        let damaged = (result.stdout + "\n" + result.stderr).split(separator: "\n").filter { $0.contains("is damaged") }
        XCTAssertEqual(damaged.count, 3, "said once at the start, then by trips and save, one line each: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("Trip (car, kilometres)"))
        XCTAssertEqual(try Data(contentsOf: store), garbage, "the damaged file is left as it was")
    }
}
