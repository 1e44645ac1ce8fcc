import Foundation
import RouteItScenarios

// Runs OSRM's own cucumber scenarios (features/car, foot, bicycle, guidance of the osrm-bindings
// sdist, fetched by Scripts/fetch-osrm-features) through RouteIt's importer and router, in
// process, and prints a table per folder and column.
//
//   routeit-scenarios [--features DIR] [--filter TEXT] [--verbose]
//                     [--must-pass FILE] [--write-passing FILE]
//
// --must-pass: exit 1 when a scenario listed there (one `folder/file.feature:line` a line) does
// not pass. --write-passing: write the scenarios that pass, in that form.

let usage = "usage: routeit-scenarios [--features DIR] [--filter TEXT] [--verbose] [--must-pass FILE] [--write-passing FILE]"

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

var featuresPath = ProcessInfo.processInfo.environment["ROUTEIT_OSRM_FEATURES"] ?? ".data/osrm-features"
var filter: String?, verbose = false, mustPassPath: String?, writePassingPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let v = arguments.popFirst() else { fail("routeit-scenarios: \(argument) needs a value. \(usage)") }
        return v
    }
    switch argument {
    case "--features": featuresPath = value()
    case "--filter": filter = value()
    case "--verbose", "-v": verbose = true
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

let work = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-scenarios-\(UUID().uuidString)")
do {
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
} catch {
    fail("routeit-scenarios: cannot make a temporary folder: \(error)")
}
defer { try? FileManager.default.removeItem(at: work) }

let runner = ScenarioRunner(workDirectory: work)
let started = Date()
var results: [ScenarioResult] = []
for (folder, file, feature) in suite.features {
    for scenario in feature.scenarios {
        let location = "\(file):\(scenario.line)"
        if let filter, !location.contains(filter), !scenario.name.contains(filter), !feature.name.contains(filter) { continue }
        let result = runner.run(scenario, file: file, folder: folder)
        results.append(result)
        if verbose, result.outcome != .pass {
            var head = "\(result.outcome.rawValue.uppercased())  \(result.location)  \(result.name)"
            if let why = result.unsupportedReason { head += "  (\(why))" }
            print(head)
            if let error = result.error { print("  \(error)") }
            for line in result.failures { print("  \(line)") }
        }
    }
}
let seconds = Date().timeIntervalSince(started)

if verbose { print("") }
print(ScenarioReport.table(results))
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
    print("all \(mustPass.count) must-pass scenarios pass")
}
