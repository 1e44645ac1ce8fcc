import Foundation
import RouteItCore
import RouteItEngine

/// The installed maps: `maps` lists them, `use NAME` switches to one, keeping the trip (places
/// outside the new map lose their ✓).
enum MapCommands {
    static let all: [ShellCommand] = [maps, use]

    static let maps = ShellCommand(
        name: "maps", usage: "maps", summary: "List the installed maps (* the one in use)",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("maps") }
            let library = MapLibrary()
            let current = library.currentPath(for: session.mapChoice.current)
            return .init(text: MapListing.table(library.installedMaps(), in: library.mapsDirectory, current: current))
        })

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
                                     + (names.isEmpty ? "install one with: routeit import FILE.osm.pbf" : "installed: " + names.joined(separator: ", ")))
                }
            } else {
                // A path, as --map takes it: a .routeit map or an OSM file (imported once, cached).
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: ExportDestination.expand(name), isDirectory: &isDirectory),
                      !isDirectory.boolValue else {
                    throw InputError("No map file at \(name); give an installed map's name (maps lists them) or a .routeit or OSM file.")
                }
            }
            try session.flow.editTrip { _ in }  // not while choosing an address
            let previous = session.mapChoice.current
            session.mapChoice.current = MapLibrary.isMapName(name) ? name : ExportDestination.expand(name)
            session.services.reset()
            let services: AppServices
            do {
                services = try await session.services.services()
            } catch {
                session.mapChoice.current = previous
                session.services.reset()
                throw error
            }
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
