import XCTest
@testable import RouteItEngine

/// A range mapped page by page gets only the page a read touches, not its cached neighbours.
final class PageByPageFaultsTests: XCTestCase {
    /// Pages of [start, start + count pages) present in this process's page tables.
    private func presentPages(_ start: UnsafeRawPointer, pages count: Int) throws -> Int {
        let pagemap = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
        defer { try? pagemap.close() }
        try pagemap.seek(toOffset: UInt64(UInt(bitPattern: start) / 4096 * 8))
        let entries = try XCTUnwrap(pagemap.read(upToCount: count * 8))
        return entries.withUnsafeBytes { raw in
            (0..<count).filter { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) >> 63 == 1 }.count
        }
    }

    private func mapped(pageByPage: Bool) throws -> (MappedRegion, String) {
        let path = NSTemporaryDirectory() + "page-by-page-\(UUID().uuidString)"
        // Written just now, so every page is in the page cache.
        try Data(repeating: 7, count: 64 * 4096).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let region = try MappedRegion(fd: fd, offset: 0, length: 64 * 4096,
                                      pageByPage: pageByPage ? [0..<64 * 4096] : [])
        return (region, path)
    }

    func testAReadMapsOnlyItsPage() throws {
        let (region, path) = try mapped(pageByPage: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try XCTSkipUnless(region.isPageByPage, "this kernel refuses userfaultfd's asynchronous write-protect mode")
        let base = try XCTUnwrap(region.base)
        XCTAssertEqual(base.load(fromByteOffset: 20 * 4096 + 100, as: UInt8.self), 7)
        XCTAssertEqual(try presentPages(base, pages: 64), 1)
        XCTAssertEqual(base.load(fromByteOffset: 40 * 4096, as: UInt8.self), 7)
        XCTAssertEqual(try presentPages(base, pages: 64), 2)
    }

    func testWithoutItTheKernelMapsTheNeighboursToo() throws {
        let (region, path) = try mapped(pageByPage: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let base = try XCTUnwrap(region.base)
        XCTAssertEqual(base.load(fromByteOffset: 20 * 4096 + 100, as: UInt8.self), 7)
        // Fault-around (or a large folio) brings more than the one page: what the other test avoids.
        XCTAssertGreaterThan(try presentPages(base, pages: 64), 1)
    }
}
