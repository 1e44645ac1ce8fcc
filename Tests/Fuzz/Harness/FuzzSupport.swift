import Foundation

/// Where a fuzz target writes the files it hands to the code under test: $TMPDIR (Scripts/fuzz
/// gives each run its own and removes it afterwards).
enum FuzzScratch {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes `data` to a scratch file named `name` (replacing the last input's file and any
    /// side files SQLite left beside it) and returns its path.
    static func write(_ data: Data, named name: String) -> String {
        let url = directory.appendingPathComponent(name)
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        _ = FileManager.default.createFile(atPath: url.path, contents: data)
        return url.path
    }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// Runs async code to completion from the (synchronous) fuzzer loop.
func runBlocking<T>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Seeds that depend on the current code (maps in the current schema) are made by the fuzz
/// binary itself: `ROUTEIT_FUZZ_MAKE_SEED=OSMFILE:OUTFILE` runs `body` and exits.
func makeSeedIfAsked(_ body: (_ osmFile: String, _ output: String) throws -> Void) {
    guard let request = ProcessInfo.processInfo.environment["ROUTEIT_FUZZ_MAKE_SEED"] else { return }
    let parts = request.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { fputs("ROUTEIT_FUZZ_MAKE_SEED takes OSMFILE:OUTFILE\n", stderr); exit(2) }
    do {
        try body(parts[0], parts[1])
        exit(0)
    } catch {
        fputs("cannot make the seed \(parts[1]): \(error)\n", stderr)
        exit(1)
    }
}
