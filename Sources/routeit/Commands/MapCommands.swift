import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// The installed maps: `maps` lists them, `use NAME` switches to one, keeping the trip (places
/// outside the new map lose their ✓).
enum MapCommands {
    static let all: [ShellCommand] = [maps, use]

    static let maps = ShellCommand(
        name: "maps", usage: "maps [get REGION [--force] | list-remote [FILTER] | update [NAME]]",
        summary: "List the installed maps (* the one in use); get, list or update a region's map from the extract index",
        details: """
        `maps get REGION` downloads a region's extract from the index (--index URL, \
        ROUTEIT_MAPS_INDEX, else Geofabrik's), checks its MD5, imports and installs it (use NAME \
        then switches to it); `maps list-remote [FILTER]` lists the index's regions; `maps update \
        [NAME]` fetches a newer extract and replaces the map. Ctrl-C stops a download (run it \
        again to resume) or an import, leaving the installed maps as they were.
        """,
        completions: { _, position in
            position == 0 ? ["get", "list-remote", "update"] : MapLibrary().installedMaps().map(\.name)
        },
        run: { session, arguments in
            let words = arguments.words
            guard let subcommand = words.first else {
                let library = MapLibrary()
                let current = library.currentPath(for: session.mapChoice.current)
                return .init(text: MapListing.table(library.installedMaps(), in: library.mapsDirectory, current: current))
            }
            let rest = Array(words.dropFirst())
            let index = session.mapsIndex
            switch subcommand {
            case "get":
                let force = rest.contains("--force")
                let region = rest.filter { $0 != "--force" }
                guard region.count == 1 else { throw ShellCommand.usageErrorFor("maps get REGION [--force]") }
                let text = try await inBackground { flag, stop in try RegionMaps(index: index, cancellation: flag, stop: stop).get(region[0], force: force) }
                if let current = MapLibrary().currentPath(for: session.mapChoice.current), text.contains(current) { session.services.reset() }
                return .init(text: text)
            case "list-remote":
                guard rest.count <= 1 else { throw ShellCommand.usageErrorFor("maps list-remote [FILTER]") }
                return .init(text: try await inBackground { _, stop in try RegionMaps(index: index, stop: stop).listRemote(filter: rest.first) })
            case "update":
                guard rest.count <= 1 else { throw ShellCommand.usageErrorFor("maps update [NAME]") }
                let report = try await inBackground { flag, stop in
                    try RegionMaps(index: index, cancellation: flag, stop: stop).update(rest.first)
                }
                // The map in use was replaced: the next lookup opens the new one.
                if let current = MapLibrary().currentPath(for: session.mapChoice.current), report.replaced.contains(current) {
                    session.services.reset()
                }
                return .init(text: report.text, failed: !report.failures.isEmpty)
            default:
                throw ShellCommand.usageErrorFor("maps [get REGION [--force] | list-remote [FILTER] | update [NAME]]")
            }
        })

    /// Runs a download (blocking I/O) on a thread of its own; Ctrl-C (the Task's cancellation)
    /// stops it through its stop signal and cancellation flag.
    private static func inBackground<T: Sendable>(_ work: @escaping @Sendable (CancellationFlag, StopSignal) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        let stop = StopSignal()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                Thread.detachNewThread { continuation.resume(with: Result { try work(flag, stop) }) }
            }
        } onCancel: {
            flag.cancel()
            stop.stop()
        }
    }

    static let use = ShellCommand(
        name: "use", usage: "use NAME|PATH", summary: "Switch to an installed map, or a map or OSM file (the trip is kept)",
        progressMessage: "Opening the map",
        completions: { _, position in
            position == 0 ? MapLibrary().installedMaps().map(\.name) : []
        },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("use NAME|PATH") }
            let name = arguments.words[0]
            let library = MapLibrary()
            if MapLibrary.isMapName(name) {
                guard library.installedPath(named: name) != nil || name.lowercased() == MapLibrary.defaultName else {
                    let names = library.installedMaps().map(\.name)
                    throw InputError("No installed map named \"\(name)\"; "
                                     + (names.isEmpty ? "install one with: routeit maps get REGION, or routeit import FILE.osm.pbf" : "installed: " + names.joined(separator: ", ")))
                }
            } else {
                // A path, as --map takes it: a .routeit map or an OSM file (imported once, cached).
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: session.filePath(name), isDirectory: &isDirectory),
                      !isDirectory.boolValue else {
                    throw InputError("No map file at \(name); give an installed map's name (maps lists them) or a .routeit or OSM file.")
                }
            }
            try session.flow.editTrip { _ in }  // not while choosing an address
            let previous = session.mapChoice.current
            session.mapChoice.current = MapLibrary.isMapName(name) ? name : session.filePath(name)
            session.services.reset()
            let services: AppServices
            do {
                services = try await session.services.services()
            } catch {
                session.mapChoice.current = previous
                session.services.reset()
                throw error
            }
            // The trip's times follow the new map's clock (its country's zone).
            await session.flow.followMapClock()
            // Trips saved from now on remember this map.
            session.planner.mapName = MapLibrary.label(forChoice: session.mapChoice.current)
            var lines = ["Using " + (services.area.map { "\($0)" } ?? "the map \(name)") + "."]
            if let area = services.area {
                let lost = session.flow.entry.deselectPlaces { !area.contains($0.coordinate) }
                if !lost.isEmpty {
                    let names = lost.map { EntryViewModel.label(forSlotAt: $0) }.joined(separator: ", ")
                    lines.append("Outside it, no longer chosen (✓): \(names).")
                }
            }
            lines.append(session.renderScreen())
            return .init(text: lines.joined(separator: "\n"))
        })
}
