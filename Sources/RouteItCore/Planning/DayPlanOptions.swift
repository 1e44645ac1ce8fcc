import Foundation

/// How hard `DayPlanner` searches.
public struct DayPlanOptions: Equatable, Sendable {
    /// Seeds the heuristic's choices: the same seed gives the same plan (while rounds, not the
    /// time budget, end the search).
    public var seed: UInt64 = 1
    /// Seconds the heuristic may search. Given alone, the search anneals over this time (anytime:
    /// more time, a better plan, but two runs may differ); nil, rounds end the search and this is
    /// only their cap, `DayPlanner.defaultCap(stops:)`.
    public var timeBudget: Double?
    /// Ruin-and-recreate rounds: the search anneals over them and the plan depends on the seed
    /// alone (unless the time budget runs out first). nil: `DayPlanner.defaultRounds(stops:)`
    /// when no time budget is given.
    public var iterations: Int?
    /// Up to this many stops the plan is exact (subset dynamic programming, 2ⁿ·n² steps).
    public var exactLimit: Int = DayPlanner.exactLimit
    /// Whether stops the search leaves out are tried once more through late plans (`DaySqueeze`).
    var triesLate = true

    public init(seed: UInt64 = 1, timeBudget: Double? = nil, iterations: Int? = nil) {
        self.seed = seed
        self.timeBudget = timeBudget
        self.iterations = iterations
    }

    /// The longest time budget a user may give (ten minutes: more is likelier a slip than a wish).
    public static let maxBudget = 600.0

    /// `SECONDS` (0.01 to `maxBudget`) for a timed search, or one clear line.
    public static func parseBudget(_ text: String) throws -> Double {
        // Decimal only: Double also reads hexadecimal ("0x10" is 16).
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text),
              (0.01...maxBudget).contains(seconds) else {
            throw InputError("Not a search time: \(QuotedInput.text(text)); give seconds from 0.01 to \(Int(maxBudget)), e.g. 5.")
        }
        return seconds
    }

    /// A seed `N` (0 to 2^64-1), or one clear line.
    public static func parseSeed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw InputError("Not a seed: \(QuotedInput.text(text)); give a whole number from 0, e.g. 7.")
        }
        return seed
    }
}
