import XCTest
@testable import RouteItCore

/// A command abandoned with Ctrl-C (its task cancelled) never changes the session or the store,
/// however late its slow part (reading a large file, waiting for the store) ends.
final class CancelledCommandTests: XCTestCase {
    /// Runs `body` in a task that is already cancelled, as the shell's task is after Ctrl-C.
    private func inCancelledTask(_ body: @escaping @Sendable () throws -> Void) async -> Error? {
        await Task { () -> Error? in
            withUnsafeCurrentTask { $0?.cancel() }
            do { try body(); return nil } catch { return error }
        }.value
    }

    private func makePlanner(store: MemoryPlannerStore) -> PlannerViewModel {
        let flow = TripFlowController(geocoder: StubGeocoder(candidates: [:]), directions: StubDirections(),
                                      location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                      timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                      clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                                      calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
        return PlannerViewModel(flow: flow, store: .success(store), mapName: "default")
    }

    func testACancelledOpenOfAFileLeavesTheTripAsItWas() async throws {
        let planner = makePlanner(store: MemoryPlannerStore())
        try planner.flow.editTrip { try $0.type("Home", inSlotAt: 0) }
        let before = planner.flow.entry.slots
        nonisolated(unsafe) let unsafePlanner = planner
        let error = await inCancelledTask {
            _ = try unsafePlanner.open(imported: [EntrySlot(text: "A"), EntrySlot(text: "B"), EntrySlot(text: "C")],
                                       departure: .now, transportType: .walk, distanceUnit: nil, from: "big.geojson")
        }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(planner.flow.entry.slots, before)
        XCTAssertEqual(planner.flow.settings.transportType, .car)
    }

    func testACancelledSaveStoresNothing() async throws {
        let store = MemoryPlannerStore()
        let planner = makePlanner(store: store)
        nonisolated(unsafe) let unsafePlanner = planner
        let error = await inCancelledTask { _ = try unsafePlanner.save(name: "Weekend") }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(try store.trips().count, 0)
    }

    func testACancelledEditLeavesTheTrip() async throws {
        let planner = makePlanner(store: MemoryPlannerStore())
        nonisolated(unsafe) let flow = planner.flow
        let error = await inCancelledTask { try flow.editTrip { try $0.type("Late", inSlotAt: 1) } }
        XCTAssertTrue(error is CancellationError)
        XCTAssertEqual(planner.flow.entry.slots[1].text, "")
    }
}
