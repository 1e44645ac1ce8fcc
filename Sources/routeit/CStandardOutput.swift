import Foundation
@preconcurrency import SwiftGlibc

/// C's `stdout` (where `print` writes), flushed and checked for a failed write. Read in a file
/// of its own, apart from `StandardStreams` and its `Synchronization` atomics: next to them, a
/// clean build (not every one) called the C global not concurrency-safe despite the
/// `@preconcurrency` import.
enum CStandardOutput {
    /// Whether everything written so far reached the file (errno says why when not).
    static func flush() -> Bool { fflush(stdout) == 0 }

    /// Whether a write to it has failed (`ferror`).
    static var hasFailed: Bool { ferror(stdout) != 0 }
}
