import CSQLite
import Foundation
import RouteItCore
import RouteItSQLite

/// The planner's memory in one SQLite file, `$XDG_DATA_HOME/routeit/planner.sqlite`: saved
/// trips, favourite and recent places, settings. Every write is one transaction (all or
/// nothing) in WAL mode, and a session waits for another's write (busy timeout) instead of
/// failing, so several sessions can share the file. The file says what it is (application
/// id) and which schema it has (user_version); an older schema is upgraded in place, a newer
/// one or a damaged file is refused with one line and left untouched.
public final class SQLitePlannerStore: PlannerStoring {
    /// 1: trips and settings. 2: favourite and recent places.
    public static let schemaVersion = 2
    /// "RtPl".
    public static let applicationID: Int64 = 0x5274_506C

    public let path: String
    private let connection: SQLiteDatabase
    private let lock = NSLock()

    /// `$XDG_DATA_HOME/routeit/planner.sqlite` (default `~/.local/share/routeit/planner.sqlite`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/routeit/planner.sqlite"
    }

    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PlannerStoreError(description: "Cannot create \(directory) for the planner store: \(Self.folderProblem(directory)); "
                                    + "set XDG_DATA_HOME to a folder you can write.")
        }
        do {
            connection = try SQLiteDatabase(path: path, mode: .create, serialized: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try prepareSchema()
            // A store that cannot be written now keeps its names as they are: lookups match them anyway.
            try? normalizeStoredNames()
        } catch let error as PlannerStoreError {
            throw error
        } catch let failure as SQLiteError {
            throw Self.describe(failure, path: path)
        }
    }

    /// Why `directory` cannot be made, in words, from the deepest part of it that is there
    /// (Foundation's own text was "The operation could not be completed. (NSCocoaErrorDomain
    /// error 512.)" for a file in the way).
    static func folderProblem(_ directory: String) -> String {
        var path = directory, isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return "no part of it is there" }
            path = parent
        }
        if !isFolder.boolValue { return "\(path) is a file, not a folder" }
        if access(path, W_OK | X_OK) != 0 { return "no permission to make folders in \(path)" }
        return "\(path) does not take new folders"
    }

    /// SQLite's failure as the user's one line.
    static func describe(_ failure: SQLiteError, path: String) -> PlannerStoreError {
        switch failure.code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return PlannerStoreError(description: "The planner store \(path) is damaged (\(failure.message)); move it aside to start a new one (it was left as it is).")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return PlannerStoreError(description: "The planner store \(path) is busy in another session; try again.")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN:
            return PlannerStoreError(description: "Cannot write the planner store \(path) (\(failure.message)).")
        default:
            return PlannerStoreError(description: "The planner store \(path) failed: \(failure.message).")
        }
    }

    /// New file: the schema. Older schema: upgraded. Inside one immediate transaction, so two
    /// sessions opening a new store at once do not both create it.
    private func prepareSchema() throws {
        let quick = try connection.rows("PRAGMA quick_check").first?.first?.text
        guard quick == "ok" else {
            throw PlannerStoreError(description: "The planner store \(path) is damaged (\(quick ?? "no answer")); move it aside to start a new one (it was left as it is).")
        }
        // One read transaction: another session creating the store between two separate reads
        // would show an id of 0 with its tables, and the store would be called foreign.
        try connection.execute("BEGIN")
        let snapshot = Result { () throws -> (Int64, Int64, Int64) in
            (try connection.rows("PRAGMA application_id").first?.first?.int ?? 0,
             try connection.rows("SELECT count(*) FROM sqlite_master").first?.first?.int ?? 0,
             try connection.rows("PRAGMA user_version").first?.first?.int ?? 0)
        }
        try? connection.execute("COMMIT")
        let (id, tables, storedVersion) = try snapshot.get()
        guard id == Self.applicationID || (id == 0 && tables == 0) else {
            throw PlannerStoreError(description: "\(path) is not a RouteIt planner store; move it aside to start a new one (it was left as it is).")
        }
        let version = Int(storedVersion)
        guard version <= Self.schemaVersion else {
            throw PlannerStoreError(description: "The planner store \(path) was written by a newer RouteIt (schema \(version), this one reads up to \(Self.schemaVersion)); it was left as it is.")
        }
        if version < Self.schemaVersion {
            try connection.transaction {
                // Read again under the write lock: another session may have just done it.
                let now = Int(try connection.rows("PRAGMA user_version").first?.first?.int ?? 0)
                if now == 0 {
                    try connection.execute("""
                        PRAGMA application_id = \(Self.applicationID);
                        CREATE TABLE trip(name TEXT PRIMARY KEY COLLATE NOCASE, saved_at REAL NOT NULL, map TEXT NOT NULL, stops INTEGER NOT NULL, body TEXT NOT NULL);
                        CREATE TABLE setting(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                        """)
                }
                if now < 2 {
                    try connection.execute("""
                        CREATE TABLE place(kind TEXT NOT NULL CHECK (kind IN ('favourite', 'recent')), key TEXT NOT NULL COLLATE NOCASE,
                                           used_at REAL NOT NULL, body TEXT NOT NULL, PRIMARY KEY (kind, key));
                        """)
                }
                if now < Self.schemaVersion { try connection.execute("PRAGMA user_version = \(Self.schemaVersion)") }
            }
        }
        // Readers never block the writer and a crash mid-write leaves the last commit.
        _ = try connection.rows("PRAGMA journal_mode = WAL")
    }

    /// Names stored before they were kept in NFC (or written by hand) become NFC, and names that
    /// are one by `SavedName` yet were stored as two rows (an NFD "café" beside an NFC one, or
    /// "CAFÉ" beside "café": NOCASE folds only ASCII) are told apart so none is lost: the newest
    /// keeps the name, the others become "café (2)", "café (3)". Writes nothing when every name
    /// already is its own.
    private func normalizeStoredNames() throws {
        let tables: [(select: String, update: String)] = [
            (Self.tripNames, "UPDATE trip SET name = ? WHERE name = ?"),
            (Self.favouriteNames, "UPDATE place SET key = ? WHERE kind = 'favourite' AND key = ?"),
        ]
        func renames() throws -> [[StoredNameRename]] {
            try tables.map { StoredNameRename.renames(try storedNames($0.select)) }
        }
        guard try renames().contains(where: { !$0.isEmpty }) else { return }
        try connection.transaction {
            // Again under the write lock: another session may have just done it.
            for (table, renames) in zip(tables, try renames()) {
                for rename in renames {
                    try connection.rows(table.update, [.text(rename.to), .text(rename.from)])
                }
            }
        }
    }

    /// Every saved trip's and favourite's name as stored, newest first.
    private static let tripNames = "SELECT name FROM trip ORDER BY saved_at DESC, rowid DESC"
    private static let favouriteNames = "SELECT key FROM place WHERE kind = 'favourite' ORDER BY used_at DESC, rowid DESC"

    /// The names `select` (`tripNames`, `favouriteNames`) reads.
    private func storedNames(_ select: String) throws -> [String] {
        try connection.rows(select).compactMap { $0[0].text }
    }

    /// The stored spellings of the trip names that are `name` by `SavedName`, newest first
    /// (one, once the names are normalized). Called with the lock held.
    private func storedTripNames(matching name: String) throws -> [String] {
        try storedNames(Self.tripNames).filter { SavedName.same($0, name) }
    }

    /// The same for favourites.
    private func storedFavouriteNames(matching name: String) throws -> [String] {
        try storedNames(Self.favouriteNames).filter { SavedName.same($0, name) }
    }

    /// Serialises this session's use of the connection and turns SQLite failures into one line.
    private func run<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock {
            do {
                return try body()
            } catch let failure as SQLiteError {
                throw Self.describe(failure, path: path)
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String?, what: String) throws -> T {
        guard let text, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else { throw damaged(what) }
        return value
    }

    private func damaged(_ what: String) -> PlannerStoreError {
        PlannerStoreError(description: "\(what) in the planner store \(path) is damaged and cannot be read.")
    }

    // MARK: Trips

    public func save(_ trip: SavedTrip) throws {
        let body = try Self.json(trip)
        try run {
            try connection.transaction {
                for stored in try storedTripNames(matching: trip.name) {
                    try connection.rows("DELETE FROM trip WHERE name = ?", [.text(stored)])
                }
                try connection.rows("INSERT INTO trip(name, saved_at, map, stops, body) VALUES (?, ?, ?, ?, ?)",
                                     [.text(trip.name), .double(trip.savedAt.timeIntervalSinceReferenceDate), .text(trip.map),
                                      .int(Int64(trip.placeCount)), .text(body)])
            }
        }
    }

    public func trip(named name: String) throws -> SavedTrip? {
        let found = try run { () -> (name: String, body: String?)? in
            guard let stored = try storedTripNames(matching: name).first,
                  let row = try connection.rows("SELECT body FROM trip WHERE name = ?", [.text(stored)]).first else { return nil }
            return (stored, row[0].text)
        }
        guard let found else { return nil }
        let what = "The trip \"\(found.name)\""
        var trip = try decode(SavedTrip.self, found.body, what: what)
        guard trip.isSound else { throw damaged(what) }
        // The name as listed (normalized, or told apart, on open), not as first saved.
        trip.name = found.name
        return trip
    }

    /// The places are counted from each trip as `save` counts them: the `stops` column of a trip
    /// saved before held its slots less one, empty ones too (only a trip that cannot be read
    /// falls back to it).
    public func trips() throws -> [SavedTripSummary] {
        try run {
            try connection.rows("SELECT name, stops, saved_at, map, body FROM trip ORDER BY saved_at DESC, name").map {
                let trip = $0[4].text.flatMap { try? JSONDecoder().decode(SavedTrip.self, from: Data($0.utf8)) }
                return SavedTripSummary(name: $0[0].text ?? "", placeCount: trip?.placeCount ?? Int($0[1].int ?? 0),
                                        savedAt: Date(timeIntervalSinceReferenceDate: $0[2].double ?? 0), map: $0[3].text ?? "")
            }
        }
    }

    public func deleteTrip(named name: String) throws -> Bool {
        try run {
            try connection.transaction {
                guard let stored = try storedTripNames(matching: name).first else { return false }
                try connection.rows("DELETE FROM trip WHERE name = ?", [.text(stored)])
                return connection.changes > 0
            }
        }
    }

    // MARK: Places

    /// A recent place is keyed by where it is and what it is called, so picking it again
    /// only moves it to the front.
    private static func key(_ item: MapItem) -> String {
        "\(item.placemark.formattedAddress)|\(String(format: "%.5f,%.5f", item.coordinate.latitude, item.coordinate.longitude))"
    }

    public func recentPlaces() throws -> [MapItem] {
        let rows = try run {
            try connection.rows("SELECT body FROM place WHERE kind = 'recent' ORDER BY used_at DESC LIMIT ?", [.int(Int64(PlannerMemory.recentLimit))])
        }
        // One unreadable row costs only that place.
        return rows.compactMap { try? decode(MapItem.self, $0[0].text, what: "A recent place") }
    }

    public func rememberPicked(_ item: MapItem, at date: Date) throws {
        let body = try Self.json(item)
        try run {
            try connection.transaction {
                try connection.rows("INSERT OR REPLACE INTO place(kind, key, used_at, body) VALUES ('recent', ?, ?, ?)",
                                     [.text(Self.key(item)), .double(date.timeIntervalSinceReferenceDate), .text(body)])
                try connection.rows("""
                    DELETE FROM place WHERE kind = 'recent' AND key NOT IN
                    (SELECT key FROM place WHERE kind = 'recent' ORDER BY used_at DESC LIMIT ?)
                    """, [.int(Int64(PlannerMemory.recentLimit))])
            }
        }
    }

    public func favourites() throws -> [(name: String, item: MapItem)] {
        let rows = try run { try connection.rows("SELECT key, body FROM place WHERE kind = 'favourite' ORDER BY key COLLATE NOCASE") }
        return rows.compactMap { row in
            guard let name = row[0].text, let item = try? decode(MapItem.self, row[1].text, what: "A favourite") else { return nil }
            return (name, item)
        }
    }

    public func setFavourite(_ name: String, item: MapItem) throws {
        let body = try Self.json(item)
        _ = try run {
            try connection.transaction {
                for stored in try storedFavouriteNames(matching: name) {
                    try connection.rows("DELETE FROM place WHERE kind = 'favourite' AND key = ?", [.text(stored)])
                }
                try connection.rows("INSERT OR REPLACE INTO place(kind, key, used_at, body) VALUES ('favourite', ?, ?, ?)",
                                     [.text(name), .double(Date().timeIntervalSinceReferenceDate), .text(body)])
            }
        }
    }

    public func deleteFavourite(named name: String) throws -> Bool {
        try run {
            try connection.transaction {
                var deleted = false
                for stored in try storedFavouriteNames(matching: name) {
                    try connection.rows("DELETE FROM place WHERE kind = 'favourite' AND key = ?", [.text(stored)])
                    deleted = deleted || connection.changes > 0
                }
                return deleted
            }
        }
    }

    // MARK: Settings

    private func settingValues() throws -> [String: String] {
        let rows = try run { try connection.rows("SELECT key, value FROM setting") }
        var values: [String: String] = [:]
        for row in rows { if let key = row[0].text, let value = row[1].text { values[key] = value } }
        return values
    }

    public func loadSettings() throws -> TripSettings? {
        let values = try settingValues()
        guard values["mode"] != nil, values["units"] != nil else { return nil }
        return try loadSettings(over: TripSettings())
    }

    /// Each setting on its own: one saved by another session is kept even when others never were.
    public func loadSettings(over defaults: TripSettings) throws -> TripSettings {
        let values = try settingValues()
        return TripSettings(transportType: values["mode"].flatMap(TransportType.init(rawValue:)) ?? defaults.transportType,
                            distanceUnit: values["units"].flatMap(DistanceUnit.init(rawValue:)) ?? defaults.distanceUnit,
                            avoid: values["avoid"].map { (try? RoadAvoidance.parse([$0])) ?? [] } ?? defaults.avoid)
    }

    public func saveSettings(_ settings: TripSettings, only fields: Set<TripSettings.Field>) throws {
        let all: [(TripSettings.Field, String)] = [
            (.mode, settings.transportType.rawValue), (.units, settings.distanceUnit.rawValue),
            (.avoid, settings.avoid.isEmpty ? "none" : settings.avoid.classNames.joined(separator: ",")),
        ]
        try run {
            try connection.transaction {
                for (field, value) in all where fields.contains(field) {
                    try connection.rows("INSERT OR REPLACE INTO setting(key, value) VALUES (?, ?)", [.text(field.rawValue), .text(value)])
                }
            }
        }
    }
}
