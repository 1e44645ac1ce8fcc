import XCTest
import RouteItCore
@testable import RouteItEngine

/// The opening-hours parser on every distinct `opening_hours` value of the real Helsinki and
/// Monaco extracts (read with the engine's own PBF reader). BENCHMARKS.md quotes the share.
final class OpeningHoursRealDataTests: XCTestCase {
    static func distinctValues(in files: [String]) throws -> Set<String> {
        var values = Set<String>()
        for file in files {
            try openOSMReader(at: try OSMTestData.realFile(file)).read(.all) { entity in
                let tags: [(String, String)]
                switch entity {
                case .node(let node): tags = node.tags
                case .way(let way): tags = way.tags
                case .relation(let relation): tags = relation.tags
                }
                for (key, value) in tags where key == "opening_hours" { values.insert(value) }
            }
        }
        return values
    }

    func testEveryDistinctValueOfBothExtracts() throws {
        let values = try Self.distinctValues(in: ["Helsinki.osm.pbf", "monaco.osm.pbf"])
        XCTAssertGreaterThan(values.count, 300, "both extracts together hold hundreds of distinct values")
        let unknown = values.filter { !OpeningHours($0).isKnown }.sorted()
        let share = Double(values.count - unknown.count) / Double(values.count)
        print("opening_hours: \(values.count - unknown.count) of \(values.count) distinct values parse completely (\(String(format: "%.1f", share * 100)) %)")
        var reasons: [String: Int] = [:]
        for value in unknown { reasons[OpeningHours(value).unknownReason ?? "?", default: 0] += 1 }
        for (reason, count) in reasons.sorted(by: { $0.value > $1.value }) { print("  unknown, \(reason): \(count)") }
        if ProcessInfo.processInfo.environment["ROUTEIT_PRINT_UNKNOWN_HOURS"] != nil {
            for value in unknown { print("  \(value)  [\(OpeningHours(value).unknownReason ?? "")]") }
        }
        XCTAssertGreaterThanOrEqual(share, 0.95)
    }
}
