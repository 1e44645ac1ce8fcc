import Foundation
import RouteItCore

/// The planner store in memory, for view-model tests.
final class MemoryPlannerStore: PlannerStoring {
    var saved: [String: SavedTrip] = [:]
    var recent: [MapItem] = []
    var favouriteItems: [String: MapItem] = [:]
    var settings: TripSettings?
    var failure: Error?

    private func check() throws { if let failure { throw failure } }

    func save(_ trip: SavedTrip) throws { try check(); saved[SavedName.key(trip.name)] = trip }
    func trip(named name: String) throws -> SavedTrip? { try check(); return saved[SavedName.key(name)] }
    func trips() throws -> [SavedTripSummary] {
        try check()
        return saved.values.map { SavedTripSummary(name: $0.name, placeCount: $0.placeCount, savedAt: $0.savedAt, map: $0.map) }
    }
    func deleteTrip(named name: String) throws -> Bool { try check(); return saved.removeValue(forKey: SavedName.key(name)) != nil }
    func recentPlaces() throws -> [MapItem] { try check(); return recent }
    func rememberPicked(_ item: MapItem, at date: Date) throws {
        try check()
        recent.removeAll { $0 == item }
        recent.insert(item, at: 0)
        recent = Array(recent.prefix(PlannerMemory.recentLimit))
    }
    func favourites() throws -> [(name: String, item: MapItem)] {
        try check()
        return favouriteItems.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    func setFavourite(_ name: String, item: MapItem) throws {
        try check()
        favouriteItems = favouriteItems.filter { !SavedName.same($0.key, name) }
        favouriteItems[name] = item
    }
    func deleteFavourite(named name: String) throws -> Bool {
        try check()
        let before = favouriteItems.count
        favouriteItems = favouriteItems.filter { !SavedName.same($0.key, name) }
        return favouriteItems.count < before
    }
    func loadSettings() throws -> TripSettings? { try check(); return settings }
    func saveSettings(_ settings: TripSettings, only fields: Set<TripSettings.Field>) throws {
        try check()
        var kept = self.settings ?? settings
        if fields.contains(.mode) { kept.transportType = settings.transportType }
        if fields.contains(.units) { kept.distanceUnit = settings.distanceUnit }
        if fields.contains(.avoid) { kept.avoid = settings.avoid }
        self.settings = kept
    }
}
