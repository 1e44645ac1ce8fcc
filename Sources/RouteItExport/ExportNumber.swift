import Foundation

/// Fixed-point numbers for export files: locale-independent, no exponent, trailing zeros cut
/// ("24.9384", "300", "-0.5"), so files are short and diff cleanly.
enum ExportNumber {
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// Degrees to 7 decimals: about 1 cm, the precision of OSM itself.
    static func degrees(_ value: Double) -> String { format(value, decimals: 7) }
}
