import CSQLite
import Foundation
import RouteItCore
import XCTest
@testable import RouteItStore

/// A save abandoned with Ctrl-C writes nothing: it does not wait out another session's write
/// lock to store the trip after the shell has said "Cancelled.".
final class CancelledWriteTests: XCTestCase {
    private func tripNamed(_ name: String) -> SavedTrip {
        SavedTrip(name: name, slots: [EntrySlot(text: "Home"), EntrySlot(text: "Shop")], departure: .now,
                  transportType: .walk, distanceUnit: .kilometres, map: "default", savedAt: Date(timeIntervalSinceReferenceDate: 0))
    }

    private func saveInCancelledTask(_ store: SQLitePlannerStore, _ trip: SavedTrip) async -> Error? {
        nonisolated(unsafe) let store = store
        return await Task { () -> Error? in
            withUnsafeCurrentTask { $0?.cancel() }
            do { try store.save(trip); return nil } catch { return error }
        }.value
    }

    func testACancelledSaveWritesNothing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cancelled-save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLitePlannerStore(path: directory.appendingPathComponent("planner.sqlite").path)
        let error = await saveInCancelledTask(store, tripNamed("Weekend"))
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(try store.trips().count, 0)
    }

    func testACancelledSaveDoesNotWaitForAnotherSessionsLock() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cancelled-busy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("planner.sqlite").path
        // A busy timeout far longer than any test: only giving up on cancellation ends the wait.
        let store = try SQLitePlannerStore(path: path, busyTimeoutMilliseconds: 600_000)
        var other: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &other), SQLITE_OK)
        defer { sqlite3_close(other) }
        XCTAssertEqual(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil), SQLITE_OK)
        let error = await saveInCancelledTask(store, tripNamed("Weekend"))
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(sqlite3_exec(other, "COMMIT", nil, nil, nil), SQLITE_OK)
        XCTAssertEqual(try store.trips().count, 0, "the other session's lock ended; the cancelled trip must still not be there")
    }
}
