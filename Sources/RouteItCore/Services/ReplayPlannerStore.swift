import Foundation

/// The planner store of a replayed `.flow` file: its recent places start empty and hold only
/// what the replay itself picks (kept in memory, not added to the user's), so a replay lists
/// the same picker rows whoever runs it and whatever they picked before. Trips, favourites and
/// settings are the user's store's: a flow that saves a trip or names a favourite means it.
public final class ReplayPlannerStore: PlannerStoring {
    private let stored: PlannerStoring
    /// Newest first, at most `PlannerMemory.recentLimit`.
    private var recent: [MapItem] = []

    public init(over stored: PlannerStoring) { self.stored = stored }

    public func recentPlaces() throws -> [MapItem] { recent }

    public func rememberPicked(_ item: MapItem, at date: Date) throws {
        recent.removeAll { Self.samePlace($0, item) }
        recent.insert(item, at: 0)
        recent = Array(recent.prefix(PlannerMemory.recentLimit))
    }

    /// What the SQLite store keys a recent place by: its address and where it is.
    private static func samePlace(_ a: MapItem, _ b: MapItem) -> Bool {
        a.placemark.formattedAddress == b.placemark.formattedAddress && a.coordinate.distance(to: b.coordinate) < 1
    }

    public func save(_ trip: SavedTrip) throws { try stored.save(trip) }
    public func trip(named name: String) throws -> SavedTrip? { try stored.trip(named: name) }
    public func trips() throws -> [SavedTripSummary] { try stored.trips() }
    public func deleteTrip(named name: String) throws -> Bool { try stored.deleteTrip(named: name) }
    public func favourites() throws -> [(name: String, item: MapItem)] { try stored.favourites() }
    public func setFavourite(_ name: String, item: MapItem) throws { try stored.setFavourite(name, item: item) }
    public func deleteFavourite(named name: String) throws -> Bool { try stored.deleteFavourite(named: name) }
    public func loadSettings() throws -> TripSettings? { try stored.loadSettings() }
    public func saveSettings(_ settings: TripSettings, only fields: Set<TripSettings.Field>) throws {
        try stored.saveSettings(settings, only: fields)
    }
    public func loadSettings(over defaults: TripSettings) throws -> TripSettings { try stored.loadSettings(over: defaults) }
}
