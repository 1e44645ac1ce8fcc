import CPageByPage
import Foundation

/// Asks the kernel to map parts of a read-only file mapping one page per fault. Otherwise every
/// page a query touches brings along the cached pages of its 64 KB window (fault-around) or its
/// whole large folio: a cold route on the 10M grid held 41–45 MB with a warm page cache, most of
/// it pages of the hierarchy it never read. A range registered with userfaultfd's write-protect
/// mode gets no fault-around; in the asynchronous mode (Linux 6.7) no thread answers its faults,
/// and as the mapping is never written none arrive. Only the hierarchy's sections are
/// registered: their reads are scattered, while a route's geometry and street data are read
/// along it, where the neighbouring pages are wanted. Where the kernel or a sandbox refuses,
/// the mapping stays as it was.
enum PageByPageFaults {
    /// The userfaultfd descriptor holding the registrations (close it after unmapping), or nil.
    static func register(_ ranges: [UnsafeMutableRawBufferPointer]) -> Int32? {
        guard !ranges.isEmpty else { return nil }
        let fd = cpage_by_page_open()
        guard fd >= 0 else { return nil }
        for r in ranges where r.count > 0 {
            guard let base = r.baseAddress, cpage_by_page_register(fd, base, r.count) == 0 else {
                close(fd)
                return nil
            }
        }
        return fd
    }
}
