import Foundation

/// A number with a fixed count of decimals (`60.170000`, `1.234`), as `String(format: "%.6f")`
/// writes it, without its cost (parsing the format and boxing the arguments took a measurable
/// part of a served route, which writes several per request, and its first call in a process
/// a million instructions of runtime type lookups).
public enum DecimalText {
    public static func fixed(_ x: Double, places: Int) -> String {
        // Beyond 9e15 units the digits no longer fit the fast path: String(format:) then.
        guard x.isFinite, places >= 0, places <= 9, abs(x) * pow(10, Double(places)) < 9e15 else {
            return String(format: "%.\(places)f", x)
        }
        let unit = UInt64(pow(10, Double(places)))
        let n = UInt64(roundedUnits(abs(x), unit: unit))
        var text = x.sign == .minus ? "-" : ""   // as printf: -0.3 with no decimals is "-0"
        text += String(n / unit)
        guard places > 0 else { return text }
        let fraction = String(n % unit)
        return text + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `magnitude × unit` rounded as printf rounds: from the double's exact binary value (not a
    /// product rounded on the way: 5e-7 is a little below half a millionth, so `0.000000`), a
    /// tie to the even neighbour.
    private static func roundedUnits(_ magnitude: Double, unit: UInt64) -> UInt128 {
        let subnormal = magnitude.exponentBitPattern == 0
        let significand = subnormal ? magnitude.significandBitPattern : magnitude.significandBitPattern | (1 << 52)
        let exponent = subnormal ? -1074 : Int(magnitude.exponentBitPattern) - 1075
        let scaled = UInt128(significand) * UInt128(unit)   // below 2^83: exact
        if exponent >= 0 { return scaled << exponent }
        let shift = -exponent
        guard shift < 128 else { return 0 }   // far below half a unit
        var whole = scaled >> shift
        let rest = scaled - (whole << shift), half = UInt128(1) << (shift - 1)
        if rest > half || (rest == half && whole & 1 == 1) { whole += 1 }
        return whole
    }
}
