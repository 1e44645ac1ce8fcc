import Foundation
import RouteItScenarios

// Runs OSRM's own cucumber scenarios (features/car, foot, bicycle, guidance of the osrm-bindings
// sdist, fetched by Scripts/fetch-osrm-features) through RouteIt's importer and router, in
// process, and prints a table per folder and column.
//
//   routeit-scenarios [--features DIR] [--filter TEXT] [--verbose]
//                     [--must-pass FILE] [--write-passing FILE] [--jobs N] [--osrm DIR]
//
// --osrm DIR: route with OSRM itself (DIR/bin/osrm-extract, -contract, -routed and the profiles
// in DIR/share/profiles) instead of RouteIt: which scenarios OSRM passes (Scripts/osrm-scenarios).
// --must-pass: exit 1 when a scenario listed there (one `folder/file.feature:line` a line) does
// not pass. --write-passing: write the scenarios that pass, in that form.

let usage = "usage: routeit-scenarios [--features DIR] [--filter TEXT] [--verbose] [--must-pass FILE] [--write-passing FILE] [--jobs N] [--osrm DIR]"

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

var featuresPath = ProcessInfo.processInfo.environment["ROUTEIT_OSRM_FEATURES"] ?? ".data/osrm-features"
var osrmPath: String?
var filter: String?, verbose = false, mustPassPath: String?, writePassingPath: String?, jobs = 2
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let v = arguments.popFirst() else { fail("routeit-scenarios: \(argument) needs a value. \(usage)") }
        return v
    }
    switch argument {
    case "--features": featuresPath = value()
    case "--filter": filter = value()
    case "--osrm": osrmPath = value()
    case "--verbose", "-v": verbose = true
    case "--jobs":
        guard let n = Int(value()), n > 0 else { fail("routeit-scenarios: --jobs needs a positive number. \(usage)") }
        jobs = n
    case "--must-pass": mustPassPath = value()
    case "--write-passing": writePassingPath = value()
    case "--help", "-h": print(usage); exit(0)
    default: fail("routeit-scenarios: unknown option \(argument). \(usage)")
    }
}

let suite: FeatureSuite
do {
    suite = try FeatureSuite(directory: URL(fileURLWithPath: featuresPath))
} catch {
    fail("routeit-scenarios: \(error)")
}

var mustPass: [String] = []
if let mustPassPath {
    guard let text = try? String(contentsOfFile: mustPassPath, encoding: .utf8) else {
        fail("routeit-scenarios: cannot read the must-pass list \(mustPassPath)")
    }
    mustPass = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

// The maps are thrown away after each scenario: in memory (/dev/shm) when there is one, as the
// importer syncs each map it writes to disk.
let shm = URL(fileURLWithPath: "/dev/shm")
let scratchRoot = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
let work = scratchRoot.appendingPathComponent("routeit-scenarios-\(UUID().uuidString)")
do {
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
} catch {
    fail("routeit-scenarios: cannot make a temporary folder: \(error)")
}
defer { try? FileManager.default.removeItem(at: work) }

var items: [ScenarioBatch.Item] = []
for (folder, file, feature) in suite.features {
    for scenario in feature.scenarios {
        let location = "\(file):\(scenario.line)"
        if let filter, !location.contains(filter), !scenario.name.contains(filter), !feature.name.contains(filter) { continue }
        items.append(ScenarioBatch.Item(scenario: scenario, file: file, folder: folder))
    }
}
let engine: ScenarioEngine = osrmPath.map { OSRMScenarioEngine(osrmDirectory: URL(fileURLWithPath: $0)) } ?? RouteItScenarioEngine()
let started = Date()
let results = ScenarioBatch.run(items, runner: ScenarioRunner(workDirectory: work, engine: engine), jobs: jobs)
if verbose {
    for result in results where result.outcome != .pass {
        var head = "\(result.outcome.rawValue.uppercased())  \(result.location)  \(result.name)"
        if let why = result.unsupportedReason { head += "  (\(why))" }
        print(head)
        if let error = result.error { print("  \(error)") }
        for line in result.failures { print("  \(line)") }
    }
}
let seconds = Date().timeIntervalSince(started)

if verbose { print("") }
print(ScenarioReport.table(results))
for file in suite.unparsed { print("not parsed: \(file)") }
let reasons = ScenarioReport.unsupportedReasons(results)
if !reasons.isEmpty { print("\nnot run (the step or query RouteIt's runner cannot do):\n\(reasons)") }
print(String(format: "\n%d scenarios in %.1f s", results.count, seconds))

let passing = results.filter { $0.outcome == .pass }.map(\.location)
if let writePassingPath {
    do {
        try (passing.joined(separator: "\n") + "\n").write(toFile: writePassingPath, atomically: true, encoding: .utf8)
    } catch {
        fail("routeit-scenarios: cannot write \(writePassingPath): \(error)")
    }
}
if !mustPass.isEmpty {
    let passed = Set(passing), ran = Set(results.map(\.location))
    let regressions = mustPass.filter { ran.contains($0) && !passed.contains($0) }
    let missing = filter == nil ? mustPass.filter { !ran.contains($0) } : []
    for r in regressions { print("REGRESSION  \(r) passed before and fails now") }
    for m in missing { print("MISSING  \(m) is in the must-pass list but not in the features") }
    if !regressions.isEmpty || !missing.isEmpty {
        fail("routeit-scenarios: \(regressions.count) must-pass scenarios fail, \(missing.count) missing", code: 1)
    }
    print("all \(mustPass.filter { ran.contains($0) }.count) must-pass scenarios run pass")
}
