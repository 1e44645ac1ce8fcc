/// How many terminal columns a text takes, for tables whose cells may hold any name (a map
/// called `名前`): East Asian wide and fullwidth characters take two, combining marks and
/// zero-width characters none, the rest one — as wcwidth(3) counts them.
public enum TerminalColumns {
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200B { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// Unicode's East Asian Wide (W) and Fullwidth (F) blocks.
    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }
}

extension String {
    /// The text with spaces after it up to `columns` terminal columns (as is when wider).
    public func padded(toColumns columns: Int) -> String {
        let width = TerminalColumns.width(self)
        return width >= columns ? self : self + String(repeating: " ", count: columns - width)
    }
}
