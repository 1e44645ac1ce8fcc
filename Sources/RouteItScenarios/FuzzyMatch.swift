import Foundation

/// OSRM's `FuzzyMatch` (`support/data_classes.js`): how an expected cell is compared with what
/// the route gave: equal, `N ~P%`, `N +-M`, `/regex/`, bearing lists `a->b,... +-M`.
public enum FuzzyMatch {
    public static func match(_ got: String, _ want: String) -> Bool {
        if want.isEmpty && got.isEmpty { return true }
        if got == want { return true }
        if let margin = suffixMargin(want), isBearingList(want) {
            let wantPairs = wantBody(want).split(separator: ",").map { $0.components(separatedBy: "->") }
            let gotPairs = got.split(separator: ",").map { $0.components(separatedBy: "->") }
            guard wantPairs.count == gotPairs.count else { return false }
            return zip(wantPairs, gotPairs).allSatisfy { w, g in
                w.count == 2 && g.count == 2 && inRange(margin, g[0], w[0]) && inRange(margin, g[1], w[1])
            }
        }
        if let percent = firstMatch(#"^(.*)\s+~(.+)%$"#, want) {
            let target = parseFloat(percent[1])
            if target == 0 { return true }
            let ratio = abs(1 - parseFloat(got) / target)
            return 100 * ratio < parseFloat(percent[2])
        }
        if let absolute = firstMatch(#"^(.*)\s+\+-(.+)$"#, want) {
            return inRange(parseFloat(absolute[2]), got, absolute[1])
        }
        if want.count >= 2, want.hasPrefix("/"), want.hasSuffix("/") {
            let pattern = String(want.dropFirst().dropLast())
            return got.range(of: pattern, options: .regularExpression) != nil
        }
        if want.range(of: #"\d+\+-\d+"#, options: .regularExpression) != nil {
            let parts = want.components(separatedBy: "+-")
            return inRange(parseFloat(parts[1].trimmingCharacters(in: .whitespaces)), got,
                           parts[0].trimmingCharacters(in: .whitespaces))
        }
        return false
    }

    private static func isBearingList(_ want: String) -> Bool {
        want.range(of: #"^((\d+)->(\d+))(,(\d+)->(\d+))*\s+\+-(.+)$"#, options: .regularExpression) != nil
    }

    private static func suffixMargin(_ want: String) -> Double? {
        guard let r = want.range(of: "+-") else { return nil }
        return parseFloat(String(want[r.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    private static func wantBody(_ want: String) -> String {
        want.components(separatedBy: "+-")[0].trimmingCharacters(in: .whitespaces)
    }

    private static func inRange(_ margin: Double, _ got: String, _ want: String) -> Bool {
        let g = parseFloat(got), w = parseFloat(want)
        return g >= w - margin && g <= w + margin
    }

    /// JavaScript's parseFloat: the longest numeric prefix after leading spaces, else NaN.
    static func parseFloat(_ s: String) -> Double {
        let trimmed = s.drop { $0 == " " || $0 == "\t" }
        guard let r = trimmed.range(of: #"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?"#, options: .regularExpression) else {
            return .nan
        }
        return Double(trimmed[r]) ?? .nan
    }

    private static func firstMatch(_ pattern: String, _ s: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let m = regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { return nil }
        return (0..<m.numberOfRanges).map { i in
            Range(m.range(at: i), in: s).map { String(s[$0]) } ?? ""
        }
    }
}
