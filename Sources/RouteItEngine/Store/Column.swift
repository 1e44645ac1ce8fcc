/// A read-mostly array of plain values: either memory-mapped from a map file (opened, not
/// loaded: a query touches only the pages it reads) or owned, as the importer builds it.
///
/// Values in a map file may be damaged, so reading outside the column never traps: it reports
/// `MapDamage` and yields zero, and the query that did it fails with "The map is damaged".
/// Slices share their base's indices, like `ArraySlice`.
struct Column<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection {
    typealias Index = Int
    typealias Indices = Range<Int>
    typealias SubSequence = Column<Element>

    /// Element 0 of the storage (nil when empty).
    private var base: UnsafePointer<Element>?
    private(set) var startIndex: Int
    private(set) var endIndex: Int
    /// Owned storage (appendable when uniquely referenced and not a slice).
    private var owned: ColumnStorage<Element>?
    /// Keeps a mapping alive.
    private var mapping: AnyObject?

    init() {
        self.init([])
    }

    init<S: Sequence>(_ elements: S) where S.Element == Element {
        let storage = ColumnStorage(Array(elements))
        base = storage.baseAddress
        startIndex = 0
        endIndex = storage.array.count
        owned = storage
    }

    /// A column over `count` values at `pointer`, valid while `mapping` lives.
    init(mapped pointer: UnsafePointer<Element>, count: Int, mapping: AnyObject) {
        base = pointer
        startIndex = 0
        endIndex = count
        self.mapping = mapping
    }

    @inline(__always)
    subscript(position: Int) -> Element {
        get {
            guard position >= startIndex && position < endIndex, let base else {
                return MapDamage.reportAndZero()
            }
            return base[position]
        }
        set {
            guard position >= startIndex && position < endIndex else { MapDamage.report(); return }
            let offset = position - startIndex
            makeUniqueWhole()
            owned!.array[offset] = newValue
            base = owned!.baseAddress
        }
    }

    subscript(bounds: Range<Int>) -> Column<Element> {
        get {
            var slice = self
            let lower = Swift.min(Swift.max(bounds.lowerBound, startIndex), endIndex)
            let upper = Swift.min(Swift.max(bounds.upperBound, lower), endIndex)
            if lower != bounds.lowerBound || upper != bounds.upperBound { MapDamage.report() }
            slice.startIndex = lower
            slice.endIndex = upper
            return slice
        }
        set {
            for (i, value) in zip(bounds, newValue) { self[i] = value }
        }
    }

    /// The values as one buffer: generic algorithms (`String(decoding:as:)`, `Array(_:)`) then
    /// take their fast paths instead of reading element by element.
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: base.map { $0 + startIndex }, count: endIndex - startIndex))
    }

    @inline(__always) func index(after i: Int) -> Int { i + 1 }
    @inline(__always) func index(before i: Int) -> Int { i - 1 }
    var indices: Range<Int> { startIndex..<endIndex }

    mutating func append(_ element: Element) {
        makeUniqueWhole()
        owned!.array.append(element)
        refresh()
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        makeUniqueWhole()
        owned!.array.append(contentsOf: elements)
        refresh()
    }

    mutating func reserveCapacity(_ n: Int) {
        makeUniqueWhole()
        owned!.array.reserveCapacity(n)
        refresh()
    }

    mutating func removeLast(_ k: Int = 1) {
        makeUniqueWhole()
        owned!.array.removeLast(k)
        refresh()
    }

    /// The raw bytes, for writing a map section.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let base else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(UnsafeBufferPointer(start: base + startIndex, count: count)))
    }

    /// Makes the storage owned, unshared and exactly this column's values, indices from 0 on.
    private mutating func makeUniqueWhole() {
        if owned != nil, isKnownUniquelyReferenced(&owned), startIndex == 0, endIndex == owned!.array.count {
            return
        }
        let storage = ColumnStorage(Array(self))
        owned = storage
        mapping = nil
        startIndex = 0
        endIndex = storage.array.count
        base = storage.baseAddress
    }

    private mutating func refresh() {
        base = owned!.baseAddress
        startIndex = 0
        endIndex = owned!.array.count
    }
}

extension Column: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension Column: Equatable where Element: Equatable {
    static func == (a: Column, b: Column) -> Bool { a.elementsEqual(b) }
}

extension Column: CustomStringConvertible {
    var description: String { Array(self).description }
}

/// The owned storage of a column. Its array is never mutated while a column reads through
/// `baseAddress` without refreshing it, so the pointer stays valid. Only the column that owns
/// it uniquely mutates it, so it goes without the dynamic exclusivity check: that check cost
/// an append about 300 instructions (four accesses), and the importer appends millions.
final class ColumnStorage<Element> {
    @exclusivity(unchecked) var array: [Element]
    init(_ array: [Element]) { self.array = array }
    var baseAddress: UnsafePointer<Element>? { array.withUnsafeBufferPointer { $0.baseAddress } }
}
