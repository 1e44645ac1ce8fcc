import RouteItCore

/// What a cell was drawn with; decides its ANSI colour.
public enum MapCanvasInk: Hashable, Sendable {
    case road
    /// Trip leg by index: a colour of its own for each of the trip's up to 12 legs.
    case leg(Int)
    case pin

    /// Legs beat roads: a road drawn later never recolours a leg's cell.
    /// Blue, green, red, magenta, cyan, yellow, then their bright forms: a trip has at most
    /// 11 legs (10 stops and the way back), so no two legs share a colour.
    static let legCodes = ["34", "32", "31", "35", "36", "33", "94", "92", "91", "95", "96", "93"]

    /// The colour's name, for the map's legend.
    public var colourName: String {
        switch self {
        case .road: return "grey"
        case .pin: return "bold"
        case .leg(let i):
            let names = ["blue", "green", "red", "magenta", "cyan", "yellow"]
            let n = i % Self.legCodes.count
            return n < names.count ? names[n] : "bright " + names[n - names.count]
        }
    }

    var priority: Int {
        switch self {
        case .road: return 0
        case .leg, .pin: return 1
        }
    }

    var ansiCode: String {
        switch self {
        case .road: return "90"
        case .leg(let i): return Self.legCodes[i % Self.legCodes.count]
        case .pin: return "1"
        }
    }
}

/// A grid of terminal cells, each a 2×4 Braille dot matrix, with one colour per cell and text
/// that can be written over cells (the numbered pins). Pure value type: drawing never touches
/// the terminal.
public struct MapCanvas: Sendable {
    public let columns: Int
    public let rows: Int
    private var dots: [UInt8]
    private var inks: [MapCanvasInk?]
    private var overlay: [Character?]

    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        dots = Array(repeating: 0, count: self.columns * self.rows)
        inks = Array(repeating: nil, count: self.columns * self.rows)
        overlay = Array(repeating: nil, count: self.columns * self.rows)
    }

    /// Dot resolution: two dots per column, four per row.
    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    /// Unicode Braille bit for the dot at (dx, dy) inside a cell (dots 1-2-3-7 left, 4-5-6-8 right).
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return dots[(y / 4) * columns + x / 2] & Self.dotBits[x % 2][y % 4] != 0
    }

    public func ink(column: Int, row: Int) -> MapCanvasInk? {
        guard column >= 0, row >= 0, column < columns, row < rows else { return nil }
        return inks[row * columns + column]
    }

    /// Sets one dot; dots off the grid are ignored.
    public mutating func setDot(x: Int, y: Int, ink: MapCanvasInk) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        dots[cell] |= Self.dotBits[x % 2][y % 4]
        paint(cell, ink)
    }

    private mutating func paint(_ cell: Int, _ ink: MapCanvasInk) {
        if let old = inks[cell], old.priority > ink.priority { return }
        inks[cell] = ink
    }

    /// A straight line in dot coordinates, clipped to the grid first (so a road crossing far
    /// outside the view costs no more than its visible part), then rasterised with Bresenham.
    /// `every`: only every n-th dot along the line (a dotted line, for the backdrop's roads).
    public mutating func drawLine(from a: (x: Double, y: Double), to b: (x: Double, y: Double), ink: MapCanvasInk, every: Int = 1) {
        guard let (p, q) = Self.clip(a, b, width: Double(dotWidth), height: Double(dotHeight)) else { return }
        var x0 = Int(saturating: p.x, rounding: .down), y0 = Int(saturating: p.y, rounding: .down)
        let x1 = Int(saturating: q.x, rounding: .down), y1 = Int(saturating: q.y, rounding: .down)
        let dx = abs(x1 - x0), sx = x0 < x1 ? 1 : -1
        let dy = -abs(y1 - y0), sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        var step = 0
        while true {
            if step % max(every, 1) == 0 { setDot(x: x0, y: y0, ink: ink) }
            step += 1
            if x0 == x1 && y0 == y1 { break }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x0 += sx }
            if e2 <= dx { error += dx; y0 += sy }
        }
    }

    /// Writes `text` over cells starting at (column, row), one character per cell; shifted left
    /// to stay on the grid, so a pin at the right edge keeps all its digits.
    public mutating func write(_ text: String, column: Int, row: Int, ink: MapCanvasInk) {
        guard row >= 0, row < rows, !text.isEmpty else { return }
        let characters = Array(text)
        let start = max(0, min(column, columns - characters.count))
        for (offset, character) in characters.enumerated() where start + offset < columns {
            let cell = row * columns + start + offset
            overlay[cell] = character
            inks[cell] = ink
        }
    }

    /// Whether (column, row) holds written text (a pin or a label).
    public func hasText(column: Int, row: Int) -> Bool {
        guard column >= 0, row >= 0, column < columns, row < rows else { return false }
        return overlay[row * columns + column] != nil
    }

    /// One string per row. Empty cells are spaces; ANSI colour codes only when `color` is on.
    public func lines(color: Bool) -> [String] {
        (0..<rows).map { row in
            var line = ""
            var current: MapCanvasInk?
            for column in 0..<columns {
                let cell = row * columns + column
                let character: Character
                if let text = overlay[cell] {
                    character = text
                } else if dots[cell] != 0 {
                    character = Character(Unicode.Scalar(0x2800 + UInt32(dots[cell]))!)
                } else {
                    character = " "
                }
                if color {
                    let ink = character == " " ? nil : inks[cell]
                    if ink != current {
                        line += ink.map { "\u{1B}[0;\($0.ansiCode)m" } ?? "\u{1B}[0m"
                        current = ink
                    }
                }
                line.append(character)
            }
            if color && current != nil { line += "\u{1B}[0m" }
            return line
        }
    }

    /// Liang–Barsky: the part of segment a→b inside [0, width)×[0, height), or nil. Whatever
    /// the input (huge, infinite, NaN), what comes back lies on the grid, so rasterising it is
    /// bounded by the grid's size.
    static func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double, height: Double)
        -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, width > 0, height > 0 else { return nil }
        let maxX = width.nextDown, maxY = height.nextDown
        // Halves, so that b - a cannot overflow however far apart the ends are (±1.7e308).
        let dx = b.x / 2 - a.x / 2, dy = b.y / 2 - a.y / 2
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x / 2), (dx, maxX / 2 - a.x / 2), (-dy, a.y / 2), (dy, maxY / 2 - a.y / 2)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return nil }; t0 = max(t0, t) } else { if t < t0 { return nil }; t1 = min(t1, t) }
            }
        }
        // (1 - t)·a + t·b: no overflow either.
        func at(_ t: Double) -> (x: Double, y: Double) { ((1 - t) * a.x + t * b.x, (1 - t) * a.y + t * b.y) }
        let p = at(t0), q = at(t1)
        // Rounding may leave an end a hair off the grid (or, for ends near ±1e308, far off):
        // pull it back; NaN cannot come out of finite ends, but nothing undrawable passes.
        guard !p.x.isNaN, !p.y.isNaN, !q.x.isNaN, !q.y.isNaN else { return nil }
        func onGrid(_ c: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (min(max(c.x, 0), maxX), min(max(c.y, 0), maxY))
        }
        return (onGrid(p), onGrid(q))
    }
}
