import CPageByPage
import Foundation

/// Asks the kernel to map a read-only file mapping one page per fault. Otherwise every page a
/// query touches brings along the cached pages around it: its 64 KB window (fault-around), or a
/// whole 2 MB folio, which the kernel maps with one entry wherever the page cache holds one (as
/// it does after a map is imported or copied). A cold route on the 10M grid held 170-190 MB that
/// way, nearly all of it pages it never read; page by page it holds 23.6 MB, for 1,150 more
/// faults. A range registered with userfaultfd's write-protect mode gets no fault-around; in
/// the asynchronous mode (Linux 6.7) no thread answers its faults, and as the mapping is never
/// written none arrive. Refusing huge mappings (`MADV_NOHUGEPAGE`) keeps a 2 MB folio from
/// being mapped whole on a fault. Where the kernel or a sandbox refuses, the mapping stays as it
/// was.
enum PageByPageFaults {
    /// The userfaultfd descriptor holding the registration (close it after unmapping), or nil.
    static func register(_ range: UnsafeMutableRawBufferPointer) -> Int32? {
        guard let base = range.baseAddress, range.count > 0 else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (range.count + page - 1) / page * page
        _ = madvise(base, length, MADV_NOHUGEPAGE)
        let fd = cpage_by_page_open()
        guard fd >= 0 else { return nil }
        guard cpage_by_page_register(fd, base, length) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
