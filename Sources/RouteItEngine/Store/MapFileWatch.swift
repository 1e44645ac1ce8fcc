import Foundation

/// The map file as it was when its sections were mapped, for a process that outlives changes to
/// it (`routeit serve`): a file truncated or rewritten in place under a mapping feeds the mapping
/// the new bytes, so a query would answer from a mix of two maps. One fstat(2) of a descriptor
/// of its own tells (its size or modification time changed), the cost of a request's check; a
/// map renamed over the path is another file and leaves this one, and its answers, as they were.
final class MapFileWatch: Sendable {
    private let descriptor: Int32
    private let size: Int64
    private let modifiedSeconds: Int
    private let modifiedNanoseconds: Int

    /// Watches the file open as `fd` (duplicated: the caller may close its own); nil when it
    /// cannot be read.
    init?(descriptor fd: Int32) {
        let own = dup(fd)
        var now = stat()
        guard own >= 0, fstat(own, &now) == 0 else {
            if own >= 0 { close(own) }
            return nil
        }
        descriptor = own
        size = Int64(now.st_size)
        modifiedSeconds = now.st_mtim.tv_sec
        modifiedNanoseconds = now.st_mtim.tv_nsec
    }

    deinit { close(descriptor) }

    /// True once the file's size or modification time differs from when it was mapped.
    var hasChanged: Bool {
        var now = stat()
        guard fstat(descriptor, &now) == 0 else { return true }
        return Int64(now.st_size) != size || now.st_mtim.tv_sec != modifiedSeconds || now.st_mtim.tv_nsec != modifiedNanoseconds
    }
}

/// What a long-running process may still answer from its map.
public enum MapFileHealth: Sendable, Equatable {
    /// The file is as it was mapped.
    case intact
    /// The file was truncated or rewritten in place since it was mapped.
    case changed
    /// Reading the mapping failed (SIGBUS) with the file unchanged (an I/O error): the mapping
    /// holds zeros since (`MapFaults.survive`).
    case faulted
}
