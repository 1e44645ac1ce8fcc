/// A house number as OSM writes it (`25`, `14a`, `14 B`, `14-20`, `8, Floor 6`, `1;3`), reduced to
/// what the geocoder compares: a folded key and the numeric range it covers.
public struct HouseNumber: Equatable, Sendable {
    /// Folded, spaces removed: `14 B` → `14b`, `14-20` → `14-20`.
    public var key: String
    /// First and last number covered: `14a` → 14...14, `14-20` → 14...20; nil when not numeric.
    public var low: Int?
    public var high: Int?

    public var isRange: Bool { if let low, let high { return high > low } else { return false } }

    /// Splits a raw `addr:housenumber` value into the numbers it lists (`1;3` → two numbers).
    /// Trailing remarks after a comma (`8, Floor 6`) are dropped.
    public static func parseList(_ raw: String) -> [HouseNumber] {
        raw.split(separator: ";").compactMap { part in
            let main = part.split(separator: ",", maxSplits: 1).first.map(String.init) ?? ""
            return HouseNumber(main)
        }
    }

    /// The first number of a raw value as people write it, without remarks:
    /// `8, Floor 6` → `8`, `1;3` → `1`, `14 B` → `14 B`.
    public static func displayText(_ raw: String) -> String {
        let first = raw.split(separator: ";").first.flatMap { $0.split(separator: ",").first }
        let text = first.map { $0.trimmingWhitespace() } ?? ""
        return text.isEmpty ? raw.trimmingWhitespace() : text
    }

    /// nil for text that has no digit at all.
    public init?(_ raw: String) {
        // "14–20" (an en dash) is the range 14-20.
        let key = TextFolding.fold(raw).unicodeScalars.filter { !$0.properties.isWhitespace }.map { TextFolding.isDash($0) ? "-" : $0 }
        let keyString = String(String.UnicodeScalarView(key))
        guard !keyString.isEmpty, keyString.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) else { return nil }
        self.key = keyString
        let numbers = HouseNumber.leadingNumbers(keyString)
        if numbers.count >= 2, keyString.contains("-") {
            low = min(numbers[0], numbers[1])
            high = max(numbers[0], numbers[1])
        } else {
            low = numbers.first
            high = numbers.first
        }
    }

    /// The base number of `14a` or `14` (nil for `b2`).
    public var base: Int? { low }

    /// Numbers in `14-20` → [14, 20]; `14a` → [14].
    private static func leadingNumbers(_ text: String) -> [Int] {
        var result: [Int] = []
        var current = ""
        for ch in text {
            if ch.isASCII, ch.isNumber {
                current.append(ch)
            } else {
                if !current.isEmpty, let n = Int(current.prefix(9)) { result.append(n) }
                current = ""
            }
        }
        if !current.isEmpty, let n = Int(current.prefix(9)) { result.append(n) }
        return result
    }
}
