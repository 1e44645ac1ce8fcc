import Foundation
import RouteItCore

/// A map scale bar of whole terminal cells showing a round length (1, 2 or 5 × 10ⁿ) in the
/// user's units: metres/kilometres, or feet/miles.
public struct MapCanvasScaleBar: Hashable, Sendable {
    /// Cells the bar spans, end ticks included.
    public let cells: Int
    /// The ground length the bar stands for, in metres.
    public let metres: Double
    /// "500 m", "2 km", "1000 ft", "0.5 mi".
    public let label: String

    static let metresPerMile = 1609.344
    static let metresPerFoot = 0.3048

    /// The longest round length that fits in `maxCells` cells (at least 2) when one cell covers
    /// `metresPerCell` metres; nil when even the shortest candidate would not fit.
    public init?(metresPerCell: Double, maxCells: Int, metric: Bool) {
        guard metresPerCell.isFinite, metresPerCell > 0, maxCells >= 2 else { return nil }
        var best: (cells: Int, metres: Double, label: String)?
        for (metres, label) in Self.candidates(metric: metric) {
            let cells = Int(saturating: metres / metresPerCell)
            guard cells >= 2 else { continue }
            if cells > maxCells { break }
            best = (cells, metres, label)
        }
        guard let best else { return nil }
        cells = best.cells
        metres = best.metres
        label = best.label
    }

    /// Round lengths in increasing order with their labels.
    static func candidates(metric: Bool) -> [(Double, String)] {
        let series = (-1...5).flatMap { exponent in [1.0, 2, 5].map { $0 * pow(10, Double(exponent)) } }
        if metric {
            return series.filter { $0 >= 1 }.map { m in
                m < 1000 ? (m, "\(Int(m)) m") : (m, "\(format(m / 1000)) km")
            }
        }
        let feet = series.filter { $0 >= 1 && $0 <= 2000 }.map { ($0 * metresPerFoot, "\(Int($0)) ft") }
        let miles = series.filter { $0 >= 0.5 }.map { ($0 * metresPerMile, "\(format($0)) mi") }
        return feet + miles
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// "├───┤ 500 m"
    public var text: String {
        "├" + String(repeating: "─", count: max(cells - 2, 0)) + "┤ " + label
    }
}
