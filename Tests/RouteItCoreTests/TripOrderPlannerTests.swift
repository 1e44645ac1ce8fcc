import XCTest
@testable import RouteItCore

final class TripOrderPlannerTests: XCTestCase {
    /// Places on a line at km 0 (Home), 3 (C), 1 (A), 2 (B): times are 60 s per km each way.
    private let position = ["Home": 0.0, "A": 1, "B": 2, "C": 3, "Far": 50]

    private func directions(blocked: Set<String> = []) -> StubDirections {
        let stub = StubDirections()
        for (a, pa) in position { for (b, pb) in position where a != b && !blocked.contains("\(a)>\(b)") {
            stub.set(a, b, [makeRoute(minutes: abs(pa - pb), metres: abs(pa - pb) * 1000)])
        } }
        return stub
    }

    private func entry(_ names: [String?]) throws -> EntryViewModel {
        let entry = EntryViewModel(stopCount: names.count - 1)
        for (index, name) in names.enumerated() {
            if let name { try entry.select(MapItem(placemark: place(name, lat: 60.17 + Double(index) / 1000)), forSlotAt: index) } else { try entry.type("unresolved", inSlotAt: index) }
        }
        return entry
    }

    func testReordersStopsAndReportsTheSaving() async throws {
        let e = try entry(["Home", "C", "A", "B"])
        let stub = directions()
        let result = try await TripOrderPlanner.optimize(e, transportType: .walk, using: stub)
        // Old: Home→C→A→B→Home = 3+2+1+2 = 8 min; best: 6 min (out and back along the line).
        XCTAssertEqual(result.before, 8 * 60)
        XCTAssertEqual(result.order.duration, 6 * 60)
        XCTAssertEqual(result.summary, "Saved 2m")
        let names = e.stops.map { $0.mapItem?.name ?? "" }
        XCTAssertTrue(names == ["A", "B", "C"] || names == ["C", "B", "A"], "got \(names)")
        XCTAssertEqual(e.start.mapItem?.name, "Home")
        XCTAssertEqual(stub.requests.count, 12, "4 places: every ordered pair once")
        XCTAssertTrue(stub.requests.allSatisfy { !$0.requestsAlternateRoutes && $0.transportType == .walk })
    }

    func testUnresolvedSlotsGoLastAndAnOptimalTripStays() async throws {
        let e = try entry(["Home", "A", nil, "B", "C"])
        let result = try await TripOrderPlanner.optimize(e, transportType: .car, using: directions())
        XCTAssertEqual(result.summary, "Saved 0s: the stops are already in the order with the least travel.")
        XCTAssertEqual(e.stops.map { $0.mapItem?.name }, ["A", "B", "C", nil])
        XCTAssertEqual(e.stops.last?.text, "unresolved")
    }

    func testInvalidTripAndNoRoundTripLeaveTheEntryAlone() async throws {
        let invalid = try entry([nil, "A", "B"])
        do { try await TripOrderPlanner.optimize(invalid, transportType: .car, using: directions()); XCTFail("expected alert") } catch {
            XCTAssertEqual((error as? Alert)?.message, Alert.invalidTrip.message + " From (\"unresolved\") has no chosen place; enter 1 to choose one.")
        }
        // Nothing leaves Far: no round trip can include it.
        let stranded = try entry(["Home", "Far", "A"])
        let before = stranded.slots
        let blocked = Set(["Home", "A", "B", "C"].map { "Far>\($0)" })
        do { try await TripOrderPlanner.optimize(stranded, transportType: .car, using: directions(blocked: blocked)); XCTFail("expected error") } catch {
            XCTAssertEqual(error as? TripOrderError, .noRoundTrip)
            XCTAssertEqual("\(error)", "No round trip reaches every stop.")
        }
        XCTAssertEqual(stranded.slots, before)
    }

    func testAnUnroutableOldOrderIsReportedNotSubtracted() async throws {
        // Home→C has no route, so the old order Home→C→A is impossible; Home→A→C→Home works.
        let e = try entry(["Home", "C", "A"])
        let result = try await TripOrderPlanner.optimize(e, transportType: .car, using: directions(blocked: ["Home>C"]))
        XCTAssertEqual(result.before, .infinity)
        XCTAssertEqual(e.stops.map { $0.mapItem?.name }, ["A", "C"])
        XCTAssertEqual(result.summary, "Saved: the old order had a leg without a route; the new one takes 6m.")
    }

    func testPlanDoesNotTouchTheEntry() async throws {
        let e = try entry(["Home", "C", "A", nil, "B"])
        let before = e.slots
        let plan = try await TripOrderPlanner.plan(e, transportType: .car, using: directions())
        XCTAssertEqual(e.slots, before)
        XCTAssertTrue(plan.stopOrder == [1, 3, 0, 2] || plan.stopOrder == [0, 3, 1, 2], "\(plan.stopOrder)")
        XCTAssertEqual(plan.improvement.saved, 120)
    }

    func testCancellationChangesNothing() async throws {
        // The test awaits the task before it reads the entry again.
        nonisolated(unsafe) let e = try entry(["Home", "C", "A", "B"])
        let before = e.slots
        let stub = directions()
        // A pair that is not answered until cancelled.
        stub.set("Home", "C", [makeRoute(minutes: 3, metres: 3000)], delayMilliseconds: 600_000)
        let task = Task { try await TripOrderPlanner.optimize(e, transportType: .car, using: stub) }
        // Cancel while the slow pair is being asked.
        let asked = await stub.waitUntil { $0.contains { $0.source.name == "Home" && $0.destination.name == "C" } }
        XCTAssertTrue(asked)
        task.cancel()
        do { _ = try await task.value; XCTFail("expected cancellation") } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(e.slots, before)
    }
}
