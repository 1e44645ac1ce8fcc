/// Strings stored as one column of UTF-8 bytes and one of offsets (count + 1), decoded on use:
/// a map's street names open without reading them all.
struct StringColumn {
    var offsets: Column<UInt32>
    var bytes: Column<UInt8>

    init(_ strings: [String]) {
        var offsets: [UInt32] = [0]
        var bytes: [UInt8] = []
        for s in strings {
            bytes.append(contentsOf: s.utf8)
            offsets.append(UInt32(truncatingIfNeeded: bytes.count))
        }
        self.offsets = Column(offsets)
        self.bytes = Column(bytes)
    }

    init(offsets: Column<UInt32>, bytes: Column<UInt8>) {
        self.offsets = offsets
        self.bytes = bytes
    }

    var count: Int { max(0, offsets.count - 1) }

    /// The i-th string; "" (and map damage reported) when i or its offsets are out of range.
    subscript(i: Int) -> String {
        guard i >= 0 && i < count else { MapDamage.report(); return "" }
        let a = Int(offsets[i]), b = Int(offsets[i + 1])
        guard a <= b else { MapDamage.report(); return "" }
        return String(decoding: bytes[a..<b], as: UTF8.self)
    }

    func write(named name: String, to sections: MapSectionWriter) throws {
        try sections.write(offsets, named: name + ".offsets")
        try sections.write(bytes, named: name + ".bytes")
    }

    static func read(named name: String, from sections: MapSections) throws -> StringColumn {
        StringColumn(offsets: try sections.column(name + ".offsets"), bytes: try sections.column(name + ".bytes"))
    }
}
