import CSQLite
import Foundation
import RouteItCore
import XCTest
@testable import RouteItStore

/// Trip and favourite names that differ only in Unicode form ("café" precomposed, U+00E9, or
/// e + U+0301) or in a case SQLite's NOCASE does not fold ("CAFÉ") are one name in the store,
/// as they are to the "replacing" check; a store that already holds them twice keeps both.
final class SavedNameStoreTests: XCTestCase {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let upperDecomposed = "CAFE\u{301}"
    var directory: URL!
    var path: String { directory.appendingPathComponent("routeit/planner.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func item(_ name: String) -> MapItem {
        MapItem(placemark: Placemark(name: name, street: "Annankatu", postalCode: "00100", city: "Helsinki",
                                     coordinate: Coordinate(latitude: 60.1670, longitude: 24.9380)))
    }

    func trip(_ name: String, stops: Int = 1, savedAt: Double = 800_000_000) -> SavedTrip {
        let slots = [EntrySlot(text: "Home", mapItem: item("Home"))] + (1...stops).map { EntrySlot(text: "Shop \($0)", mapItem: item("Shop \($0)")) }
        return SavedTrip(name: name, slots: slots, departure: .now, transportType: .walk, distanceUnit: .kilometres,
                         map: "default", savedAt: Date(timeIntervalSinceReferenceDate: savedAt))
    }

    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testNamesAreOneWhateverTheirUnicodeFormOrCase() throws {
        let store = try SQLitePlannerStore(path: path)
        try store.save(trip(composed))
        try store.save(trip(upperDecomposed, stops: 3))
        XCTAssertEqual(try store.trips().count, 1, "the second save replaced the first")
        XCTAssertEqual(try store.trip(named: "Caf\u{E9}")?.slots.count, 4)
        XCTAssertEqual(try store.trip(named: decomposed)?.slots.count, 4)
        XCTAssertTrue(try store.deleteTrip(named: "CAF\u{C9}"))
        XCTAssertEqual(try store.trips().count, 0)

        try store.setFavourite(composed, item: item("Annankatu 25"))
        try store.setFavourite(upperDecomposed, item: item("Kalevankatu 20"))
        XCTAssertEqual(try store.favourites().map(\.item.name), ["Kalevankatu 20"], "the second favourite replaced the first")
    }

    /// Rows written as an older RouteIt wrote them: the names as given, not normalized.
    func insertRaw(trips: [SavedTrip], favourites: [(name: String, usedAt: Double)]) throws {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK)
        defer { sqlite3_close(db) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        func insert(_ sql: String, _ texts: [String], _ time: Double) {
            var stmt: OpaquePointer?
            XCTAssertEqual(sqlite3_prepare_v2(db, sql, -1, &stmt, nil), SQLITE_OK)
            for (index, text) in texts.enumerated() { sqlite3_bind_text(stmt, Int32(index + 1), text, -1, transient) }
            sqlite3_bind_double(stmt, Int32(texts.count + 1), time)
            XCTAssertEqual(sqlite3_step(stmt), SQLITE_DONE, sql)
            sqlite3_finalize(stmt)
        }
        for saved in trips {
            let body = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
            insert("INSERT INTO trip(name, body, map, stops, saved_at) VALUES (?, ?, 'default', 1, ?)", [saved.name, body],
                   saved.savedAt.timeIntervalSinceReferenceDate)
        }
        let body = String(decoding: try JSONEncoder().encode(item("Home")), as: UTF8.self)
        for favourite in favourites {
            insert("INSERT INTO place(kind, key, body, used_at) VALUES ('favourite', ?, ?, ?)", [favourite.name, body], favourite.usedAt)
        }
    }

    func testAStoreHoldingANameTwiceKeepsBothApartAndFindsDecomposedNames() throws {
        _ = try SQLitePlannerStore(path: path)
        let zurich = "Zu\u{308}rich"
        try insertRaw(trips: [trip(composed, stops: 1, savedAt: 1), trip(decomposed, stops: 2, savedAt: 3),
                              trip("CAF\u{C9}", stops: 3, savedAt: 2), trip(zurich, stops: 4), trip("caf\u{E9} (2)", stops: 5, savedAt: 0)],
                      favourites: [(decomposed, 2), (composed, 1), ("Z\u{FC}rich", 0)])
        let store = try SQLitePlannerStore(path: path)
        let names = try store.trips().map(\.name)
        XCTAssertEqual(names.count, 5, "no trip lost: \(names)")
        XCTAssertEqual(Set(names.map(scalars)), Set(["caf\u{E9}", "caf\u{E9} (2)", "CAF\u{C9} (3)", "caf\u{E9} (4)", "Z\u{FC}rich"].map(scalars)),
                       "every name NFC and its own, the others keeping their spelling")
        // The newest keeps the name; a name typed either way finds it.
        XCTAssertEqual(try store.trip(named: composed)?.slots.count, 3)
        XCTAssertEqual(try store.trip(named: "caf\u{E9} (2)")?.slots.count, 6, "a name already its own keeps it")
        XCTAssertEqual(try store.trip(named: "Z\u{FC}rich")?.slots.count, 5, "a decomposed name is found by the precomposed one")
        XCTAssertEqual(try store.trip(named: "Z\u{FC}rich").map { scalars($0.name) }, scalars("Z\u{FC}rich"))
        XCTAssertEqual(Set(try [3, 4].map { try store.trip(named: "caf\u{E9} (\($0))")?.slots.count }), [2, 4])

        let favourites = try store.favourites().map(\.name)
        XCTAssertEqual(Set(favourites.map(scalars)), Set(["caf\u{E9}", "caf\u{E9} (2)", "Z\u{FC}rich"].map(scalars)))

        // Opening it again changes nothing more.
        XCTAssertEqual(try SQLitePlannerStore(path: path).trips().map(\.name).map(scalars), try store.trips().map(\.name).map(scalars))
    }

    func testRenamesFreeANameBeforeTakingIt() {
        // Newest first: the decomposed "Café" keeps the name, whose NFC spelling NOCASE would
        // take for the older "café" still stored: that one moves away first.
        let renames = StoredNameRename.renames(["Cafe\u{301}", composed, String(repeating: "x", count: 80), String(repeating: "X", count: 80)])
        XCTAssertEqual(renames, [StoredNameRename(from: composed, to: "caf\u{E9} (2)"),
                                 StoredNameRename(from: String(repeating: "X", count: 80), to: String(repeating: "X", count: 76) + " (2)"),
                                 StoredNameRename(from: "Cafe\u{301}", to: "Caf\u{E9}")])
        XCTAssertEqual(StoredNameRename.renames(["a", "b", composed]), [])
    }
}
