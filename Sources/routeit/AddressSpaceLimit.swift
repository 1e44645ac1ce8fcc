import Foundation

/// `ulimit -v`: below what the runtime itself needs, a thread or an allocation fails somewhere
/// inside Foundation or Dispatch, which segfaults or waits forever on a thread never made. Said
/// once, at start, before anything can fail that way.
enum AddressSpaceLimit {
    /// The Swift runtime, Foundation, ICU's data, Dispatch's threads and a small map's mapping
    /// (a Helsinki route needs about 170 MB, measured with `ulimit -v`).
    static let least = 256 << 20

    /// The one line to print when the limit is below `least`, else nil.
    static func problem(limit: rlim_t = current()) -> String? {
        guard limit != unlimited, limit < rlim_t(least) else { return nil }
        return "routeit: the address-space limit (ulimit -v) is \(limit >> 20) MB; RouteIt needs at least \(least >> 20) MB. Raise it with ulimit -v."
    }

    /// Glibc's RLIM_INFINITY (all ones) comes into Swift as the literal -1, which rlim_t cannot hold.
    static let unlimited = rlim_t.max

    /// Under a limit, one malloc arena: glibc reserves 64 MB of address space for each thread's
    /// arena (8 per core), which took 200 of a 340 MB route's, so a limit well above `least`
    /// still failed an allocation (a trap) or a map's SQLite read ("damaged"). Before any thread.
    static func economise(limit: rlim_t = current()) {
        guard limit != unlimited, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        // <malloc.h> is not in Swift's Glibc module: glibc's mallopt by name; M_ARENA_MAX is -8.
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 1)
    }

    static func current() -> rlim_t {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return unlimited }
        return limit.rlim_cur
    }
}
