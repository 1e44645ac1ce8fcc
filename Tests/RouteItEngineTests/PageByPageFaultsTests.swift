import XCTest
@testable import RouteItEngine

/// A range mapped page by page gets only the page a read touches, not its cached neighbours.
final class PageByPageFaultsTests: XCTestCase {
    private func mapped(pageByPage: Bool) throws -> (MappedRegion, String) {
        let path = NSTemporaryDirectory() + "page-by-page-\(UUID().uuidString)"
        // Written just now, so every page is in the page cache.
        try Data(repeating: 7, count: 64 * 4096).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let region = try MappedRegion(fd: fd, offset: 0, length: 64 * 4096,
                                      pageByPage: pageByPage)
        return (region, path)
    }

    func testAReadMapsOnlyItsPage() throws {
        let (region, path) = try mapped(pageByPage: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try XCTSkipUnless(region.isPageByPage, "this kernel refuses userfaultfd's asynchronous write-protect mode")
        let base = try XCTUnwrap(region.base)
        XCTAssertEqual(base.load(fromByteOffset: 20 * 4096 + 100, as: UInt8.self), 7)
        XCTAssertEqual(try residentPages(base, pages: 64), 1)
        XCTAssertEqual(base.load(fromByteOffset: 40 * 4096, as: UInt8.self), 7)
        XCTAssertEqual(try residentPages(base, pages: 64), 2)
    }

    func testWithoutItTheKernelMapsTheNeighboursToo() throws {
        let (region, path) = try mapped(pageByPage: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let base = try XCTUnwrap(region.base)
        XCTAssertEqual(base.load(fromByteOffset: 20 * 4096 + 100, as: UInt8.self), 7)
        // Fault-around (or a large folio) brings more than the one page: what the other test avoids.
        XCTAssertGreaterThan(try residentPages(base, pages: 64), 1)
    }

    /// After an import or a copy the page cache may hold the map in 2 MB folios, which the kernel
    /// maps whole on one fault unless told not to.
    func testA2MBFolioIsNotMappedWhole() throws {
        let size = 8 << 20, offset = 4 << 20
        let path = NSTemporaryDirectory() + "page-by-page-\(UUID().uuidString)"
        try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        // Cache the file again through a mapping asking for huge pages: readahead then fills
        // 2 MB folios.
        fsync(fd)
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
        let huge = try XCTUnwrap(mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0))
        _ = madvise(huge, size, MADV_HUGEPAGE)
        XCTAssertEqual(huge.load(fromByteOffset: offset + 100, as: UInt8.self), 7)
        munmap(huge, size)

        let plain = try XCTUnwrap(mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0))
        defer { munmap(plain, size) }
        XCTAssertEqual(plain.load(fromByteOffset: offset + 100, as: UInt8.self), 7)
        try XCTSkipUnless(try residentPages(plain + offset, pages: 512) == 512,
                          "this kernel kept no 2 MB folio of the file, or mapped it in pieces")

        // Where userfaultfd is refused: misaligned, the folio comes in 64 KB at the most.
        let refused = try MappedRegion(fd: fd, offset: 0, length: UInt64(size))
        let refusedBase = try XCTUnwrap(refused.base)
        XCTAssertEqual(refusedBase.load(fromByteOffset: offset + 100, as: UInt8.self), 7)
        XCTAssertLessThanOrEqual(try residentPages(refusedBase + offset - 16 * 4096, pages: 512 + 32), 16)

        let region = try MappedRegion(fd: fd, offset: 0, length: UInt64(size), pageByPage: true)
        try XCTSkipUnless(region.isPageByPage, "this kernel refuses userfaultfd's asynchronous write-protect mode")
        let base = try XCTUnwrap(region.base)
        XCTAssertEqual(base.load(fromByteOffset: offset + 100, as: UInt8.self), 7)
        XCTAssertEqual(try residentPages(base + offset, pages: 512), 1)
    }
}
