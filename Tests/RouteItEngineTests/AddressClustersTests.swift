import RouteItCore
import XCTest
@testable import RouteItEngine

/// Points of one street and number join the first cluster made within 400 m of them, looked up
/// by cell (a country repeats an address in hundreds of towns): the same clusters as measuring
/// each point against every cluster of its address, in the order they were made.
final class AddressClustersTests: XCTestCase {
    func testPointsJoinTheFirstClusterWithinTheRadiusAsAListOfAllWouldSay() throws {
        var generator = SeededGenerator(seed: 28)
        var clusters = AddressClusters()
        var reference: [(number: String, position: Coordinate, rank: Int, points: Int)] = []
        var expectedJoins: [Int] = []
        // Points of a few numbers over a few km at 60° N and near 70° N (narrower cells in metres), with
        // ranks that move a cluster's position after it is made.
        for i in 0..<1_500 {
            let number = String(1 + Int.random(in: 0..<4, using: &generator))
            let base = i % 2 == 0 ? Coordinate(latitude: 60.2, longitude: 24.9) : Coordinate(latitude: 69.9, longitude: 23.3)
            let position = Coordinate(latitude: base.latitude + Double.random(in: -0.02...0.02, using: &generator),
                                      longitude: base.longitude + Double.random(in: -0.04...0.04, using: &generator))
            let rank = Int.random(in: 0..<3, using: &generator)
            if let j = reference.firstIndex(where: { $0.number == number && $0.position.distance(to: position) < AddressClusters.sameAddressRadius }) {
                reference[j].points += 1
                if rank > reference[j].rank { (reference[j].position, reference[j].rank) = (position, rank) }
                expectedJoins.append(j)
            } else {
                reference.append((number, position, rank, 1))
                expectedJoins.append(reference.count - 1)
            }
            clusters.add(AddressLayerBuilder.AddressTags(street: "Kirkkokatu", houseNumber: number), number: try XCTUnwrap(HouseNumber(number)),
                         at: position, sourceRank: rank)
        }
        XCTAssertGreaterThan(reference.count, 100)
        XCTAssertLessThan(reference.count, 1_000, "points must also join clusters")
        XCTAssertEqual(clusters.all.count, reference.count)
        for (cluster, expected) in zip(clusters.all, reference) {
            XCTAssertEqual(cluster.houseNumberText, expected.number)
            XCTAssertEqual(cluster.position, expected.position)
            XCTAssertEqual(cluster.points.count, expected.points)
        }
    }
}

/// A small deterministic generator (SplitMix64): the same points on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
