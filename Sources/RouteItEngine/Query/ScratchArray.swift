import Foundation

/// Per-query scratch memory indexed by graph node or edge: one anonymous mapping of zeroed
/// pages, so a country-sized graph costs address space, not memory, and a query makes resident
/// only the pages it writes. Indices come from map data, so they are checked: out of range
/// reads give zero and writes are dropped, both reported as map damage.
final class ScratchArray<Element: BitwiseCopyable> {
    let count: Int
    private let base: UnsafeMutablePointer<Element>?
    private let byteCount: Int
    /// A bit per 4 KB page, set when the page is first written. A read of a page never written
    /// answers zero without touching it, so a page's first touch is a write: one fault instead
    /// of two (a read maps the shared zero page, the write after it then faults again to copy
    /// it). A cold route on the 10M grid read 158 pages before writing them.
    private let written: UnsafeMutablePointer<UInt64>
    private let zero: Element

    init(count: Int) {
        self.count = max(0, count)
        byteCount = self.count * MemoryLayout<Element>.stride
        let words = (byteCount >> 12) / 64 + 1
        written = .allocate(capacity: words)
        written.initialize(repeating: 0, count: words)
        zero = MapDamage.zero()
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
        written.deallocate()
        guard let base else { return }
        if mapped { munmap(base, byteCount) } else { base.deallocate() }
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get {
            guard i >= 0 && i < count, let base else { return MapDamage.reportAndZero() }
            let (word, bit) = pageBit(i)
            guard written[word] & bit != 0 else { return zero }
            return base[i]
        }
        set {
            guard i >= 0 && i < count, let base else { MapDamage.report(); return }
            let (word, bit) = pageBit(i)
            written[word] |= bit
            base[i] = newValue
        }
    }

    /// Where the `written` bit of element `i`'s page is.
    @inline(__always) private func pageBit(_ i: Int) -> (word: Int, bit: UInt64) {
        let page = (i &* MemoryLayout<Element>.stride) &>> 12
        return (page &>> 6, 1 &<< UInt64(page & 63))
    }

    /// Where element `i` lives (for tests of what is resident).
    func address(of i: Int) -> UnsafeRawPointer? {
        guard i >= 0 && i < count, let base else { return nil }
        return UnsafeRawPointer(base + i)
    }

    /// Zeroes everything (makes every page resident: only for the rare stamp wrap-around).
    func zeroAll() {
        guard let base else { return }
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }
}
