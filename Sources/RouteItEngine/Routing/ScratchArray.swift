import Foundation

/// Per-query scratch memory indexed by graph node or edge: one anonymous mapping of zeroed
/// pages, so a country-sized graph costs address space, not memory, and a query makes resident
/// only the pages it writes. Indices come from map data, so they are checked: out of range
/// reads give zero and writes are dropped, both reported as map damage.
final class ScratchArray<Element: BitwiseCopyable> {
    let count: Int
    private let base: UnsafeMutablePointer<Element>?
    private let byteCount: Int

    init(count: Int) {
        self.count = max(0, count)
        byteCount = self.count * MemoryLayout<Element>.stride
        guard byteCount > 0 else { base = nil; return }
        let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let p, p != MAP_FAILED else {
            // Address space exhausted: fall back to ordinary (zeroed) memory.
            let fallback = UnsafeMutablePointer<Element>.allocate(capacity: self.count)
            UnsafeMutableRawPointer(fallback).initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            base = fallback
            mapped = false
            return
        }
        base = p.assumingMemoryBound(to: Element.self)
    }

    private var mapped = true

    deinit {
        guard let base else { return }
        if mapped { munmap(base, byteCount) } else { base.deallocate() }
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get {
            guard i >= 0 && i < count, let base else { return MapDamage.reportAndZero() }
            return base[i]
        }
        set {
            guard i >= 0 && i < count, let base else { MapDamage.report(); return }
            base[i] = newValue
        }
    }

    /// Zeroes everything (makes every page resident: only for the rare stamp wrap-around).
    func zeroAll() {
        guard let base else { return }
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }
}
