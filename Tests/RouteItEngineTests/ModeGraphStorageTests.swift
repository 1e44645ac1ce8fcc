import Foundation
import RouteItCore
import RouteItTestSupport
import XCTest
@testable import RouteItEngine

/// A mode graph read back from a map answers every arc's ends and every edge direction's arcs
/// as the graph built in memory does, though the map keeps only what cannot be derived (the
/// walking graph's arc ends, a graph's arc heads, all but every 64th offset).
final class ModeGraphStorageTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The graph written alone into a map-shaped file and mapped again.
    private func roundTrip(_ g: ModeGraph, _ name: String) throws -> (ModeGraph, MapSections) {
        let path = directory.appendingPathComponent("\(name).routeit").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let writer = try MapSectionWriter(scratchPath: path + ".sections")
        try g.write(to: writer, prefix: name)
        try writer.append(to: path)
        let sections = try MapSections(path: path)
        return (try ModeGraph.read(from: sections, prefix: name), sections)
    }

    private func assertSameAnswers(_ built: ModeGraph, _ read: ModeGraph, _ label: String) {
        XCTAssertEqual(read.arcCount, built.arcCount, label)
        XCTAssertEqual((0..<read.arcCount).map(read.arcFrom), (0..<built.arcCount).map(built.arcFrom), label)
        XCTAssertEqual((0..<read.arcCount).map(read.arcTo), (0..<built.arcCount).map(built.arcTo), label)
        for e in 0..<built.edgeDirNode.count / 2 {
            for forward in [true, false] {
                XCTAssertEqual(read.arcs(ofEdge: e, forward: forward), built.arcs(ofEdge: e, forward: forward), "\(label) edge \(e)")
            }
        }
    }

    func testEveryModesGraphReadBackAnswersAsBuilt() throws {
        let town = try FixtureNetwork(GridTown.make(size: 14, seed: 28))
        for mode in TransportType.allCases {
            let built = town.graph(mode)
            XCTAssertGreaterThan(built.arcCount, 300)
            let (read, sections) = try roundTrip(built, mode.rawValue)
            assertSameAnswers(built, read, mode.rawValue)
            // Only what cannot be derived is stored.
            XCTAssertEqual(sections.entries["\(mode.rawValue).arcTo"]?.length, 0)
            XCTAssertEqual(sections.entries["\(mode.rawValue).arcFrom"]?.length == 0, mode == .walk)
            XCTAssertNil(sections.entries["\(mode.rawValue).edgeDirStart"])
        }
    }

    /// A via-way restriction's copies are reached by arcs whose heads are not their edge
    /// direction's node: that graph keeps its heads.
    func testACarGraphWithViaWayCopiesKeepsItsArcHeads() throws {
        let town = try FixtureNetwork(ViaWayRestrictionTests.carriageway("no_u_turn"))
        let built = town.graph(.car)
        XCTAssertGreaterThan(built.nodeCount, built.edgeDirNode.filter { $0 >= 0 }.count, "the graph has copies")
        let (read, sections) = try roundTrip(built, "car")
        assertSameAnswers(built, read, "car")
        XCTAssertEqual(sections.entries["car.arcTo"]?.length, UInt64(4 * built.arcCount))
    }

    /// Sections follow each other on 64-byte boundaries: a page each padded a small map by a fifth.
    func testSectionsArePackedNotPageAligned() throws {
        let path = directory.appendingPathComponent("packed.routeit").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let writer = try MapSectionWriter(scratchPath: path + ".sections")
        try writer.write([Int64(1)], named: "a")
        try writer.write([UInt8](repeating: 7, count: 100), named: "b")
        try writer.write([Int32(-5)], named: "c")
        try writer.append(to: path)
        let sections = try MapSections(path: path)
        let a = try XCTUnwrap(sections.entries["a"]), b = try XCTUnwrap(sections.entries["b"]), c = try XCTUnwrap(sections.entries["c"])
        XCTAssertEqual(b.offset - a.offset, 64)
        XCTAssertEqual(c.offset - b.offset, 128)
        XCTAssertEqual(try sections.column("c", of: Int32.self).first, -5)
        XCTAssertEqual(sections.verify(), [])
    }
}
