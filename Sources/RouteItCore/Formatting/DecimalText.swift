import Foundation

/// A number with a fixed count of decimals (`60.170000`, `1.234`), as `String(format: "%.6f")`
/// writes it, without its cost (parsing the format and boxing the arguments took a measurable
/// part of a served route, which writes several per request).
public enum DecimalText {
    public static func fixed(_ x: Double, places: Int) -> String {
        let scale = pow(10, Double(places))
        // Beyond 2^53 the scaled value is no longer exact: the slow path then.
        guard x.isFinite, places >= 0, places <= 9, abs(x) * scale < 9e15 else { return String(format: "%.\(places)f", x) }
        let n = Int64((abs(x) * scale).rounded()), unit = Int64(scale)
        var text = x.sign == .minus ? "-" : ""   // as printf: -0.3 with no decimals is "-0"
        text += String(n / unit)
        guard places > 0 else { return text }
        let fraction = String(n % unit)
        return text + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
