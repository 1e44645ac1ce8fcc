import Foundation

/// Runs many scenarios on a few threads (each its own map), results in the scenarios' order.
public enum ScenarioBatch {
    public struct Item: Sendable {
        public var scenario: GherkinScenario
        public var file: String
        public var folder: String

        public init(scenario: GherkinScenario, file: String, folder: String) {
            self.scenario = scenario
            self.file = file
            self.folder = folder
        }
    }

    public static func run(_ items: [Item], runner: ScenarioRunner, jobs: Int) -> [ScenarioResult] {
        let results = ResultSlots(count: items.count)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in stride(from: worker, to: items.count, by: workers) {
                results.set(i, runner.run(items[i].scenario, file: items[i].file, folder: items[i].folder))
            }
        }
        return results.all
    }
}

/// One slot per scenario, written by whichever worker ran it.
// @unchecked: every access to `slots` holds `lock`.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [ScenarioResult?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ result: ScenarioResult) {
        lock.lock()
        slots[i] = result
        lock.unlock()
    }

    var all: [ScenarioResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
