import XCTest

/// How many of the pages from `start` on are in this process's page tables (`/proc/self/pagemap`).
func residentPages(_ start: UnsafeRawPointer, pages count: Int) throws -> Int {
    let pagemap = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
    defer { try? pagemap.close() }
    try pagemap.seek(toOffset: UInt64(UInt(bitPattern: start) / 4096 * 8))
    let entries = try XCTUnwrap(pagemap.read(upToCount: count * 8))
    return entries.withUnsafeBytes { raw in
        (0..<count).filter { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) >> 63 == 1 }.count
    }
}
