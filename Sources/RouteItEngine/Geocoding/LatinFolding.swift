/// `TextFolding.words` and `fold` without Foundation for text of ASCII and the Latin letters whose folding
/// is ASCII (`ä` → `a`, `ß` → `ss`): Foundation's folding costs about 12,000 instructions a
/// name, and the import folds every address's street and city. Folding acts on each of these
/// characters alone (none combines with its neighbours), so the folded text is the
/// concatenation of the folded characters. The table is Foundation's answer for each of
/// U+00C0...U+017F ("" where it is not ASCII letters, as for `ø`, `æ`, `ı`: those names take
/// Foundation's path); `LatinFoldingTests` checks every entry and the words against it.
enum LatinFolding {
    static let first: UInt32 = 0xC0
    static let table: [StaticString] = [
        "a", "a", "a", "a", "a", "a", "", "c", "e", "e", "e", "e", "i", "i", "i", "i", "", "n", "o", "o", "o", "o", "o",
        "", "", "u", "u", "u", "u", "y", "", "ss", "a", "a", "a", "a", "a", "a", "", "c", "e", "e", "e", "e", "i", "i",
        "i", "i", "", "n", "o", "o", "o", "o", "o", "", "", "u", "u", "u", "u", "y", "", "y", "a", "a", "a", "a", "a",
        "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d", "", "", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e",
        "g", "g", "g", "g", "g", "g", "g", "g", "h", "h", "", "", "i", "i", "i", "i", "i", "i", "i", "i", "i", "", "",
        "", "j", "j", "k", "k", "", "l", "l", "l", "l", "l", "l", "", "", "", "", "n", "n", "n", "n", "n", "n", "", "",
        "", "o", "o", "o", "o", "o", "o", "", "", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s", "s", "s",
        "t", "t", "t", "t", "", "", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "w", "w", "y", "y", "y",
        "z", "z", "z", "z", "z", "z", "s",
    ]

    /// The folded ASCII of one character, or nil when only Foundation knows it.
    @inline(__always) static func folded(_ scalar: Unicode.Scalar) -> StaticString? {
        let v = scalar.value
        guard v >= first, v - first < UInt32(table.count) else { return nil }
        let entry = table[Int(v - first)]
        return entry.utf8CodeUnitCount == 0 ? nil : entry
    }

    /// `text` folded, or nil when it has a character outside ASCII and the table.
    static func fold(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if let entry = folded(scalar) {
                entry.withUTF8Buffer { bytes.append(contentsOf: $0) }
            } else {
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The words of `text`, or nil when it has a character outside ASCII and the table.
    static func words(_ text: String) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(32)
        func take(_ byte: UInt8) {
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                current.append(byte)
            } else if (byte == 0x2D || byte == 0x2F), let head = current.first, head >= 0x30 && head <= 0x39 {
                current.append(byte)
            } else if !current.isEmpty {
                finish()
            }
        }
        func finish() {
            var end = current.count
            while end > 0 && (current[end - 1] == 0x2D || current[end - 1] == 0x2F) { end -= 1 }
            if end > 0 { words.append(String(decoding: current[..<end], as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                take(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if let entry = folded(scalar) {
                entry.withUTF8Buffer { for byte in $0 { take(byte) } }
            } else {
                return nil
            }
        }
        if !current.isEmpty { finish() }
        return words
    }
}
