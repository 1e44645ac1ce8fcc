import Foundation

/// A whole trip as saved (`save NAME`): what was typed and picked, the stays, the departure,
/// how it is travelled and shown, and the map it was planned on.
public struct SavedTrip: Codable, Equatable, Sendable {
    public var name: String
    public var slots: [EntrySlot]
    public var departure: Departure
    public var transportType: TransportType
    public var distanceUnit: DistanceUnit
    /// The kinds of road the trip keeps off (nil in trips saved before `avoid` existed: none).
    public var avoid: RoadAvoidance?
    /// The map the places were picked on (a path, or `default`).
    public var map: String
    public var savedAt: Date
    /// Waiting, the end of day, the trip's end and its days (nil in trips saved before them: the defaults).
    public var day: DayOptions?

    public init(name: String, slots: [EntrySlot], departure: Departure, transportType: TransportType,
                distanceUnit: DistanceUnit, avoid: RoadAvoidance? = nil, map: String, savedAt: Date, day: DayOptions? = nil) {
        self.avoid = avoid
        self.day = day
        self.name = name
        self.slots = slots
        self.departure = departure
        self.transportType = transportType
        self.distanceUnit = distanceUnit
        self.map = map
        self.savedAt = savedAt
    }
}

extension SavedTrip {
    /// The places picked (✓), the start among them: what `save` and `trips` say a trip has
    /// ("2 places" for a From and a Stop 1), not its slots, which may be empty.
    public var placeCount: Int { slots.filter(\.isSelected).count }
}

/// A line of `trips`.
public struct SavedTripSummary: Equatable, Sendable {
    public var name: String
    /// `SavedTrip.placeCount`.
    public var placeCount: Int
    public var savedAt: Date
    public var map: String

    public init(name: String, placeCount: Int, savedAt: Date, map: String) {
        self.name = name
        self.placeCount = placeCount
        self.savedAt = savedAt
        self.map = map
    }
}

/// Where the planner keeps trips, favourite and recent places, and settings between sessions.
/// The shell's implementation is an SQLite file; tests use an in-memory double. Every failure
/// is an error whose description is one line for the user.
public protocol PlannerStoring: AnyObject {
    func save(_ trip: SavedTrip) throws
    func trip(named name: String) throws -> SavedTrip?
    func trips() throws -> [SavedTripSummary]
    /// False when there was no such trip.
    func deleteTrip(named name: String) throws -> Bool

    /// The most recently picked places, newest first (at most `recentLimit`).
    func recentPlaces() throws -> [MapItem]
    func rememberPicked(_ item: MapItem, at date: Date) throws
    /// Favourites by name, in name order.
    func favourites() throws -> [(name: String, item: MapItem)]
    func setFavourite(_ name: String, item: MapItem) throws
    /// False when there was no such favourite.
    func deleteFavourite(named name: String) throws -> Bool

    func loadSettings() throws -> TripSettings?
    /// Writes only `fields` of `settings`: another session's change to the others stays.
    func saveSettings(_ settings: TripSettings, only fields: Set<TripSettings.Field>) throws
    /// The saved settings, each one not saved yet taken from `defaults`.
    func loadSettings(over defaults: TripSettings) throws -> TripSettings
}

extension PlannerStoring {
    public func saveSettings(_ settings: TripSettings) throws { try saveSettings(settings, only: Set(TripSettings.Field.allCases)) }
    public func loadSettings(over defaults: TripSettings) throws -> TripSettings { try loadSettings() ?? defaults }
}

public enum PlannerMemory {
    /// How many picked places are remembered.
    public static let recentLimit = 20
}
