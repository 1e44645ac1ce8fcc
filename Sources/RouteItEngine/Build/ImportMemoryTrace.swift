import Foundation

/// Where an import's memory goes, for profiling: with `ROUTEIT_IMPORT_MEMLOG` set in the
/// environment, every `mark` writes one line to stderr with the resident memory now and its
/// peak since the previous mark (the kernel's high-water mark is reset after each line, so the
/// peak belongs to the step that just ended; so with the variable set, the process's own peak as
/// `/usr/bin/time` reports it covers only the last step: take the largest traced one). Each line
/// also has the process's CPU seconds so far (user + system, all threads): on a shared machine
/// the wall time says more about the other processes than about the step.
enum ImportMemoryTrace {
    static let enabled = getenv("ROUTEIT_IMPORT_MEMLOG") != nil
    nonisolated(unsafe) private static var started = Date()
    /// glibc's `malloc_trim`, looked up at run time (Swift's Glibc module does not declare it).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Ends an import step: the heap the step freed goes back to the system (glibc keeps freed
    /// blocks below its mmap threshold, which grows with every large array freed, so an import
    /// that builds and drops array after array would otherwise keep its largest step's heap
    /// resident to the end), then the step is traced.
    static func mark(_ step: String) {
        _ = trim?(0)
        guard enabled else { return }
        let (rss, peak) = residentKB()
        let seconds = Date().timeIntervalSince(started)
        FileHandle.standardError.write(Data(String(format: "memlog %8.1f s  cpu %8.1f s  rss %7.1f MB  peak since last %7.1f MB  %@\n",
                                                  seconds, cpuSeconds(), Double(rss) / 1024, Double(peak) / 1024, step).utf8))
        // "5" resets the peak resident size (VmHWM) to the current one.
        if let fd = fopen("/proc/self/clear_refs", "w") { fputs("5", fd); fclose(fd) }
    }

    /// User plus system CPU time of the whole process so far.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// VmRSS and VmHWM of this process, KB (0 where /proc is not there). Read with stdio: the
    /// file says it is empty, so whole-file readers get nothing.
    private static func residentKB() -> (Int, Int) {
        guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
        defer { fclose(file) }
        var rss = 0, peak = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = value }
            if fields[0] == "VmHWM:" { peak = value }
        }
        return (rss, peak)
    }
}
