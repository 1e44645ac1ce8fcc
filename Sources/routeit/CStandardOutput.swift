import Foundation
@preconcurrency import SwiftGlibc

/// C's `stdout` (where `print` writes), flushed and checked for a failed write. Read in a file
/// of its own, apart from `StandardStreams` and its `Synchronization` atomics: next to them, a
/// clean build (not every one) called the C global not concurrency-safe despite the
/// `@preconcurrency` import.
enum CStandardOutput {
    /// Whether everything written so far reached the file (errno says why when not).
    static func flush() -> Bool { fflush(stdout) == 0 }

    /// The bytes and a newline, as `print` writes a text: for an answer already in UTF-8 (a
    /// long route's JSON), which as a String was checked byte by byte first.
    static func writeLine(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
        fputc(10, stdout)
    }

    /// Whether a write to it has failed (`ferror`).
    static var hasFailed: Bool { ferror(stdout) != 0 }
}
