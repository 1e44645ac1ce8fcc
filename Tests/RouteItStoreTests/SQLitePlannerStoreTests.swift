import CSQLite
import Foundation
import RouteItCore
import XCTest
@testable import RouteItStore

final class SQLitePlannerStoreTests: XCTestCase {
    var directory: URL!
    var path: String { directory.appendingPathComponent("routeit/planner.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("planner-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func item(_ name: String, hours: String? = nil) -> MapItem {
        MapItem(placemark: Placemark(name: name, street: "Annankatu", postalCode: "00100", city: "Helsinki",
                                     coordinate: Coordinate(latitude: 60.1670, longitude: 24.9380), openingHours: hours))
    }

    func trip(_ name: String, stops: Int = 2) -> SavedTrip {
        let slots = [EntrySlot(text: "Home", mapItem: item("Home"))]
            + (1...stops).map { EntrySlot(text: "Shop \($0)", mapItem: item("Shop \($0)", hours: "Mo-Fr 10:00-18:00"), stay: Double($0 % 96) * 900) }
        return SavedTrip(name: name, slots: slots, departure: .at(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                         transportType: .walk, distanceUnit: .kilometres, map: "/maps/helsinki.routeit",
                         savedAt: Date(timeIntervalSinceReferenceDate: 800_000_000))
    }

    func testTripsRoundTripWholeAndAreListedAndDeleted() throws {
        let store = try SQLitePlannerStore(path: path)
        XCTAssertEqual(try store.trips(), [])
        let saved = trip("Morning round", stops: 3)
        try store.save(saved)
        XCTAssertEqual(try store.trip(named: "morning ROUND"), saved, "names are matched without case")
        try store.save(trip("Evening"))
        XCTAssertEqual(try store.trips().map(\.name).sorted(), ["Evening", "Morning round"])
        XCTAssertEqual(try store.trips().first { $0.name == "Morning round" }?.placeCount, 4, "the start and 3 stops")
        var changed = saved
        changed.slots.removeLast()
        try store.save(changed)
        XCTAssertEqual(try store.trip(named: "Morning round"), changed, "saving again replaces")
        XCTAssertTrue(try store.deleteTrip(named: "Morning round"))
        XCTAssertFalse(try store.deleteTrip(named: "Morning round"))
        XCTAssertNil(try store.trip(named: "Morning round"))
        // A second connection (another session) sees the same file.
        XCTAssertEqual(try SQLitePlannerStore(path: path).trips().map(\.name), ["Evening"])
    }

    /// The most stops a trip holds (200) come back whole from the file, in another session too.
    func testATripOf200StopsSavesAndOpensWhole() throws {
        let saved = trip("Deliveries", stops: 200)
        try SQLitePlannerStore(path: path).save(saved)
        let reopened = try SQLitePlannerStore(path: path)
        XCTAssertEqual(try reopened.trip(named: "deliveries"), saved)
        XCTAssertEqual(try reopened.trips().first?.placeCount, 201)
    }

    func testRecentPlacesKeepTheLastTwentyNewestFirst() throws {
        let store = try SQLitePlannerStore(path: path)
        for i in 0..<25 {
            try store.rememberPicked(item("Place \(i)"), at: Date(timeIntervalSinceReferenceDate: Double(i)))
        }
        try store.rememberPicked(item("Place 10"), at: Date(timeIntervalSinceReferenceDate: 100))
        let recent = try store.recentPlaces().map { $0.name ?? "" }
        XCTAssertEqual(recent.count, 20)
        XCTAssertEqual(recent.first, "Place 10", "picking again moves a place to the front")
        XCTAssertEqual(Array(recent.dropFirst().prefix(2)), ["Place 24", "Place 23"])
        XCTAssertFalse(recent.contains("Place 4"))
    }

    func testFavouritesAndSettings() throws {
        let store = try SQLitePlannerStore(path: path)
        try store.setFavourite("home", item: item("Home"))
        try store.setFavourite("Gym", item: item("Gym", hours: "24/7"))
        try store.setFavourite("home", item: item("New home"))
        XCTAssertEqual(try store.favourites().map(\.name), ["Gym", "home"])
        XCTAssertEqual(try store.favourites().last?.item.name, "New home")
        XCTAssertEqual(try store.favourites().first?.item.placemark.openingHours, "24/7", "a place keeps its hours")
        XCTAssertTrue(try store.deleteFavourite(named: "GYM"))
        XCTAssertFalse(try store.deleteFavourite(named: "gym"), "gone")
        XCTAssertEqual(try SQLitePlannerStore(path: path).favourites().map(\.name), ["home"])
        XCTAssertNil(try store.loadSettings())
        try store.saveSettings(TripSettings(transportType: .walk, distanceUnit: .kilometres))
        XCTAssertEqual(try SQLitePlannerStore(path: path).loadSettings(), TripSettings(transportType: .walk, distanceUnit: .kilometres))
    }

    func testConcurrentSessionsLoseNothing() throws {
        _ = try SQLitePlannerStore(path: path)
        let sessions = 6, tripsEach = 15
        let errors = ErrorBox()
        let path = self.path
        let trips = (0..<sessions).map { session in (0..<tripsEach).map { trip("s\(session)-\($0)") } }
        let items = (0..<sessions).map { session in (0..<tripsEach).map { item("p\(session)-\($0)") } }
        DispatchQueue.concurrentPerform(iterations: sessions) { session in
            do {
                // Each session has its own connection, as separate processes would.
                let store = try SQLitePlannerStore(path: path)
                for i in 0..<tripsEach {
                    try store.save(trips[session][i])
                    try store.rememberPicked(items[session][i], at: Date())
                    _ = try store.trips()
                }
            } catch {
                errors.add(error)
            }
        }
        XCTAssertEqual(errors.all.map { "\($0)" }, [])
        XCTAssertEqual(try SQLitePlannerStore(path: path).trips().count, sessions * tripsEach)
        XCTAssertEqual(try SQLitePlannerStore(path: path).recentPlaces().count, PlannerMemory.recentLimit)
    }

    /// A store folder that cannot be made is said in words with what to do: Foundation's text
    /// was "The operation could not be completed. (NSCocoaErrorDomain error 512.)." for a file in
    /// the way.
    func testAStoreFolderThatCannotBeMadeIsSaidInWords() throws {
        let file = directory.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try SQLitePlannerStore(path: file.path + "/routeit/planner.sqlite")) { error in
            XCTAssertEqual("\(error)", "Cannot create \(file.path)/routeit for the planner store: \(file.path) is a file, not a folder; "
                           + "set XDG_DATA_HOME to a folder you can write.")
        }
        // A folder that refuses new ones (/proc; as another user: no permission) is said too, in one sentence.
        XCTAssertThrowsError(try SQLitePlannerStore(path: "/proc/routeit-test/routeit/planner.sqlite")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("Cannot create /proc/routeit-test/routeit for the planner store: "), text)
            XCTAssertTrue(text.hasSuffix("in /proc; set XDG_DATA_HOME to a folder you can write.") || text.contains(": /proc does not take new folders;"), text)
            XCTAssertFalse(text.contains(".."), text)
        }
    }

    func testADamagedStoreIsOneLineAndLeftAsItIs() throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SQLitePlannerStore(path: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("is damaged"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), garbage, "nothing written over it")
    }

    func testAStoreDamagedInsideSaysSo() throws {
        let store = try SQLitePlannerStore(path: path)
        for i in 0..<40 { try store.save(trip("trip \(i)", stops: 10)) }
        _ = store
        // Overwrite pages in the middle of the file (after a checkpoint folds the WAL in).
        try raw(path) { db in sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096 * 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 3))
        try handle.close()
        XCTAssertThrowsError(try SQLitePlannerStore(path: path)) { XCTAssertTrue("\($0)".contains("is damaged"), "\($0)") }
    }

    /// Values no command sets (a store edited by hand) are a damaged trip, not a crash later.
    func testATripWithValuesNoCommandSetsIsDamaged() throws {
        let store = try SQLitePlannerStore(path: path)
        var cases: [(String, (inout SavedTrip) -> Void)] = [
            ("window at minute 2^63", { $0.slots[1].windows = [VisitWindow(from: Int.max, to: 0)] }),
            ("window past 24:00", { $0.slots[1].windows = [VisitWindow(from: 600, to: 3000)] }),
            ("negative stay", { $0.slots[1].stay = -100 }),
            ("stay of years", { $0.slots[1].stay = 1e12 }),
            ("place off the globe", { $0.slots[1].mapItem?.placemark.coordinate = Coordinate(latitude: 999, longitude: 24.9) }),
            ("no days", { $0.day = DayOptions(days: 0) }),
            ("a thousand days", { $0.day = DayOptions(days: 1000) }),
            ("back by 25:00", { $0.day = DayOptions(backBy: 1500) }),
            ("departure in year 99999", { $0.departure = .at(Date(timeIntervalSinceReferenceDate: 3e12)) }),
        ]
        cases.append(("only a start", { $0.slots = Array($0.slots.prefix(1)) }))
        for (index, (what, damage)) in cases.enumerated() {
            var bad = trip("bad \(index)")
            damage(&bad)
            try store.save(bad)
            XCTAssertThrowsError(try store.trip(named: "bad \(index)"), what) { error in
                XCTAssertEqual("\(error)", "The trip \"bad \(index)\" in the planner store \(path) is damaged and cannot be read.", what)
            }
        }
        var sound = trip("sound")
        sound.slots[1].windows = [VisitWindow(from: 22 * 60, to: 2 * 60), VisitWindow(from: 0, to: 24 * 60)]
        sound.slots[1].stay = StayDuration.maximum
        sound.day = DayOptions(backBy: 24 * 60, end: .place(2), days: DayOptions.maxDays)
        try store.save(sound)
        XCTAssertEqual(try store.trip(named: "sound"), sound)
        // A back by before the departure's time is the next day's (an evening out), not damage.
        var overnight = trip("overnight")
        overnight.departure = .at(Date(timeIntervalSince1970: 1_796_320_800))   // 2026-12-03 20:00 in Helsinki
        overnight.day = DayOptions(backBy: 60, days: 2)
        try store.save(overnight)
        XCTAssertEqual(try store.trip(named: "overnight"), overnight)
    }

    func testAnOldSchemaIsUpgradedKeepingItsTrips() throws {
        let saved = trip("Old trip")
        let body = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try raw(path) { db in
            sqlite3_exec(db, """
                PRAGMA application_id = \(SQLitePlannerStore.applicationID);
                CREATE TABLE trip(name TEXT PRIMARY KEY COLLATE NOCASE, saved_at REAL NOT NULL, map TEXT NOT NULL, stops INTEGER NOT NULL, body TEXT NOT NULL);
                CREATE TABLE setting(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT INTO setting VALUES ('mode', 'walk'), ('units', 'km');
                PRAGMA user_version = 1;
                """, nil, nil, nil)
            var stmt: OpaquePointer?
            sqlite3_prepare_v2(db, "INSERT INTO trip VALUES ('Old trip', 0, 'default', 2, ?)", -1, &stmt, nil)
            sqlite3_bind_text(stmt, 1, body, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            let rc = sqlite3_step(stmt)
            sqlite3_finalize(stmt)
            return rc == SQLITE_DONE ? SQLITE_OK : rc
        }
        let store = try SQLitePlannerStore(path: path)
        XCTAssertEqual(try store.trip(named: "Old trip"), saved)
        XCTAssertEqual(try store.loadSettings(), TripSettings(transportType: .walk, distanceUnit: .kilometres))
        try store.setFavourite("home", item: item("Home"))
        XCTAssertEqual(try store.favourites().count, 1, "the new tables exist")
        var version: Int32 = 0
        try raw(path) { db in
            var stmt: OpaquePointer?
            sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nil)
            sqlite3_step(stmt)
            version = sqlite3_column_int(stmt, 0)
            sqlite3_finalize(stmt)
            return SQLITE_OK
        }
        XCTAssertEqual(Int(version), SQLitePlannerStore.schemaVersion)
    }

    func testANewerSchemaOrAnotherDatabaseIsRefusedUntouched() throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try raw(path) { db in sqlite3_exec(db, "PRAGMA application_id = \(SQLitePlannerStore.applicationID); CREATE TABLE future(x); PRAGMA user_version = 9;", nil, nil, nil) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SQLitePlannerStore(path: path)) { XCTAssertTrue("\($0)".contains("newer RouteIt (schema 9"), "\($0)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        let other = directory.appendingPathComponent("other.sqlite").path
        try raw(other) { db in sqlite3_exec(db, "CREATE TABLE mine(x); INSERT INTO mine VALUES (1);", nil, nil, nil) }
        XCTAssertThrowsError(try SQLitePlannerStore(path: other)) { XCTAssertTrue("\($0)".contains("is not a RouteIt planner store"), "\($0)") }
    }

    func testTheDefaultPathFollowsXDG() {
        XCTAssertEqual(SQLitePlannerStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]), "/data/routeit/planner.sqlite")
        XCTAssertEqual(SQLitePlannerStore.defaultPath(environment: ["HOME": "/home/u"]), "/home/u/.local/share/routeit/planner.sqlite")
        XCTAssertEqual(SQLitePlannerStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]), "/home/u/.local/share/routeit/planner.sqlite")
    }

    /// Runs `body` on a raw sqlite3 connection to `path`.
    private func raw(_ path: String, _ body: (OpaquePointer) -> Int32) throws {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK)
        defer { sqlite3_close(db) }
        XCTAssertEqual(body(db!), SQLITE_OK)
    }
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func add(_ error: Error) { lock.withLock { errors.append(error) } }
    var all: [Error] { lock.withLock { errors } }
}

extension SQLitePlannerStoreTests {
    /// The roads to avoid are kept like the mode: in the settings and in saved trips; trips
    /// saved before there was `avoid` open with none.
    func testRoadsToAvoidAreKeptInSettingsAndTrips() throws {
        let store = try SQLitePlannerStore(path: path)
        try store.saveSettings(TripSettings(transportType: .car, distanceUnit: .miles, avoid: [.toll, .unpaved]))
        XCTAssertEqual(try SQLitePlannerStore(path: path).loadSettings()?.avoid, [.toll, .unpaved])
        try store.saveSettings(TripSettings(transportType: .car, distanceUnit: .miles, avoid: []))
        XCTAssertEqual(try SQLitePlannerStore(path: path).loadSettings()?.avoid, [])

        var saved = trip("Avoiding")
        saved.avoid = [.motorway, .ferry]
        try store.save(saved)
        XCTAssertEqual(try store.trip(named: "Avoiding")?.avoid, [.motorway, .ferry])
        let old = try JSONDecoder().decode(SavedTrip.self, from: try JSONEncoder().encode(trip("Old")).replacingAvoid())
        XCTAssertNil(old.avoid)
    }
}

private extension Data {
    /// The JSON of a trip as saved before `avoid` existed (the key left out).
    func replacingAvoid() throws -> Data {
        var object = try JSONSerialization.jsonObject(with: self) as! [String: Any]
        object.removeValue(forKey: "avoid")
        return try JSONSerialization.data(withJSONObject: object)
    }
}
