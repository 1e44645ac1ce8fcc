import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// Ways of one name become streets by proximity, however many share the name.
final class StreetGroupsTests: XCTestCase {
    /// `towns` towns 5 km apart, each with `ways` ways of "Koulukatu" chained end to end
    /// (each way 2 nodes, 80 m long): one street per town.
    private func chainedTowns(towns: Int, ways: Int) -> (streets: [AddressLayerBuilder.PendingStreet], coordinates: NodeCoordinates) {
        var coordinates = NodeCoordinates()
        var streets: [AddressLayerBuilder.PendingStreet] = []
        var id: Int64 = 1
        let side = Int(Double(towns).squareRoot().rounded(.up))
        for town in 0..<towns {
            let origin = Coordinate(latitude: 60 + Double(town / side) * 0.045, longitude: 24 + Double(town % side) * 0.09)
            for way in 0..<ways {
                // A snake of rows, 10 ways a row, rows 60 m apart: every way touches the next.
                let row = way / 10, column = row % 2 == 0 ? way % 10 : 9 - way % 10
                let lat = origin.latitude + Double(row) * 0.00054
                let lonA = origin.longitude + Double(column) * 0.0015, lonB = lonA + 0.0015
                coordinates.record(id, Coordinate(latitude: lat, longitude: row % 2 == 0 ? lonA : lonB))
                coordinates.record(id + 1, Coordinate(latitude: lat + (way % 10 == 9 ? 0.00054 : 0), longitude: row % 2 == 0 ? lonB : lonA))
                streets.append(.init(name: "Koulukatu", otherNames: [], refs: [id, id + 1]))
                id += 2
            }
        }
        return (streets, coordinates)
    }

    func testTenThousandWaysOfOneNameFormOneStreetPerTown() {
        let input = chainedTowns(towns: 100, ways: 100)
        let groups = StreetGroups(streets: input.streets, coordinates: input.coordinates).groups
        XCTAssertEqual(groups.count, 100)
        XCTAssertEqual(Set(groups.map(\.lines.count)), [100])
        // No street spans two towns.
        for group in groups {
            let points = group.lines.flatMap { $0 }
            XCTAssertLessThan(points.map(\.latitude).max()! - points.map(\.latitude).min()!, 0.02)
        }
    }

    func testWaysJoinWithin300MetresAndNotBeyond() {
        var coordinates = NodeCoordinates()
        // Three short ways along a parallel: gaps of 250 m and 350 m (at 60° N a degree of
        // longitude is about 55.7 km).
        let lons = [24.0, 24.001, 24.0055, 24.0065, 24.0128, 24.0138]
        for (i, lon) in lons.enumerated() { coordinates.record(Int64(i + 1), Coordinate(latitude: 60, longitude: lon)) }
        let streets: [AddressLayerBuilder.PendingStreet] = [
            .init(name: "Koulukatu", otherNames: [], refs: [1, 2]),
            .init(name: "Koulukatu", otherNames: ["Skolgatan"], refs: [3, 4]),
            .init(name: "Koulukatu", otherNames: [], refs: [5, 6]),
        ]
        let groups = StreetGroups(streets: streets, coordinates: coordinates).groups
        XCTAssertEqual(groups.map(\.lines.count).sorted(), [1, 2])
        XCTAssertEqual(groups.first { $0.lines.count == 2 }?.otherNames, ["Skolgatan"])
    }
}

/// Ways of a street joined end to end for the packed street index.
final class PolylineChainsTests: XCTestCase {
    private func p(_ i: Int) -> Coordinate { Coordinate(latitude: 60, longitude: 24 + Double(i) * 0.001) }

    func testWaysMeetingInPairsBecomeOneLineWhateverTheirDirection() {
        let merged = PolylineChains.merge([[p(2), p(3)], [p(1), p(2)], [p(4), p(3)], [p(4), p(5), p(6)]])
        XCTAssertEqual(merged.count, 1)
        let line = merged[0]
        XCTAssertTrue(line == (1...6).map(p) || line == (1...6).reversed().map(p), "\(line)")
    }

    func testAJunctionOfThreeWaysKeepsThemApart() {
        let north = Coordinate(latitude: 60.001, longitude: 24.002)
        let merged = PolylineChains.merge([[p(1), p(2)], [p(2), p(3)], [p(2), north]])
        XCTAssertEqual(merged.count, 3)
        XCTAssertEqual(merged.map(\.count).reduce(0, +), 6, "no point lost or added")
    }

    func testARingStaysOneClosedLine() {
        let ring = [p(1), p(2), Coordinate(latitude: 60.001, longitude: 24.0015), p(1)]
        XCTAssertEqual(PolylineChains.merge([ring]), [ring])
    }
}
