import Foundation

/// Maps a file read-only at an address one page off the file offset's place in a 2 MB block.
/// The kernel maps a 2 MB folio of the page cache with one page-table entry only where the two
/// agree, and after an import or a copy the cache holds a map in such folios: each page a route
/// read brought its whole 2 MB (a cold 10M route held 170-190 MB). `PageByPageFaults` stops that
/// too, but a sandbox may refuse userfaultfd (Docker's default seccomp profile does); misaligned,
/// the mapping still takes at most 64 KB per fault (fault-around) there.
enum MisalignedMapping {
    static func map(fd: Int32, offset: UInt64, length: Int) -> UnsafeMutableRawPointer? {
        let huge = 2 << 20, page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (length + page - 1) / page * page
        // Reserve room to slide the mapping within, then map over the reservation.
        let span = pages + huge
        guard let reserved = mmap(nil, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              reserved != MAP_FAILED else { return nil }
        let start = Int(bitPattern: reserved)
        let shift = ((Int(offset % UInt64(huge)) + page - start % huge) % huge + huge) % huge
        let wanted = reserved + shift
        guard let p = mmap(wanted, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, off_t(offset)), p == wanted else {
            let failure = errno
            munmap(reserved, span)
            errno = failure   // the caller tells ENOMEM (address space) from a bad file
            return nil
        }
        if shift > 0 { munmap(reserved, shift) }
        if shift + pages < span { munmap(wanted + pages, span - shift - pages) }
        return p
    }
}
