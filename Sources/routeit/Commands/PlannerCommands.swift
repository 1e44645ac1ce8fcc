import Foundation
import RouteItCore
import RouteItExport

/// The planner that remembers: save, open, trips, delete, favourite, favourites.
enum PlannerCommands {
    static let all: [ShellCommand] = [save, open, trips, delete, favourite, favourites]

    static let save = ShellCommand(
        name: "save", usage: "save NAME", summary: "Save the whole trip (places, stays, departure, mode, units, map) under a name",
        run: { session, arguments in
            let name = arguments.text(after: 0)
            guard !name.isEmpty else { throw ShellCommand.usageErrorFor("save NAME") }
            try session.flow.requireNoOpenPicker()
            return .init(text: try session.planner.save(name: name))
        })

    static let open = ShellCommand(
        name: "open", usage: "open NAME|FILE.gpx|FILE.geojson",
        summary: "Open a saved trip, or read a trip from a GPX/GeoJSON file (a RouteIt export, or another program's places)",
        completions: { session, position in position == 0 ? ((try? session.planner.savedTripNames()) ?? []) : [] },
        run: { session, arguments in
            let name = arguments.text(after: 0)
            guard !name.isEmpty else { throw ShellCommand.usageErrorFor("open NAME|FILE.gpx|FILE.geojson") }
            // The open picker is answered first, before a file or saved trip is read.
            try session.flow.requireNoOpenPicker()
            // A saved departure is an instant: shown on the map's clock, so the map is opened first.
            await session.flow.followMapClock()
            let path = session.filePath(name)
            let message: String
            if isFile(name, at: path) {
                let trip: ImportedTrip
                do {
                    trip = try TripFileReader.read(path: path, shownAs: ExportDestination.expand(name))
                } catch let failure as TripFileReader.Failure {
                    throw InputError(failure.description)
                }
                // A place off the open map could be ticked but never routed: refused, as `type` refuses one.
                if let area = session.services.placeArea {
                    let outside = trip.slots.enumerated().compactMap { index, slot -> (what: String, at: Coordinate)? in
                        guard let item = slot.mapItem, !area.contains(item.coordinate) else { return nil }
                        return ("\(EntryViewModel.label(forSlotAt: index)) (\(item.shortName))", item.coordinate)
                    }
                    if !outside.isEmpty { throw area.outsideAlert(outside) }
                }
                message = try session.planner.open(imported: trip.slots, departure: trip.departure, transportType: trip.transportType,
                                                   distanceUnit: trip.distanceUnit, day: trip.day, unroutedStops: trip.unroutedStops,
                                                   from: name)
            } else if name.contains("/"), !((try? session.planner.savedTripNames()) ?? []).contains(where: { SavedName.same($0, name) }) {
                // A path to no file: said as a file, not as a saved trip's name.
                throw InputError("Cannot read \(ExportDestination.expand(name)): no such file; open NAME opens a saved trip (trips lists them).")
            } else {
                message = try session.planner.open(name: name)
            }
            return .init(text: message + "\n" + session.renderScreen())
        })

    /// `open` reads a file for a name ending .gpx, .geojson or .json (a trip is never saved so),
    /// or a path (with `/`) to a file that is there; any other name is a saved trip's.
    static func isFile(_ name: String, at path: String) -> Bool {
        let lower = name.lowercased()
        if [".gpx", ".geojson", ".json"].contains(where: { lower.hasSuffix($0) }) { return true }
        return name.contains("/") && FileManager.default.fileExists(atPath: path)
    }

    static let trips = ShellCommand(
        name: "trips", usage: "trips", summary: "List the saved trips",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("trips") }
            return .init(text: try await session.planner.tripList())
        })

    static let delete = ShellCommand(
        name: "delete", usage: "delete NAME", summary: "Delete a saved trip",
        completions: { session, position in position == 0 ? ((try? session.planner.savedTripNames()) ?? []) : [] },
        run: { session, arguments in
            let name = arguments.text(after: 0)
            guard !name.isEmpty else { throw ShellCommand.usageErrorFor("delete NAME") }
            return .init(text: try session.planner.delete(name: name))
        })

    static let favourite = ShellCommand(
        name: "favourite", usage: "favourite SLOT NAME | favourite delete NAME",
        summary: "Keep a slot's chosen place as a favourite (offered first when you type NAME), or delete one",
        completions: TripCommands.slotCompletions,
        run: { session, arguments in
            guard arguments.count >= 2 else { throw ShellCommand.usageErrorFor("favourite SLOT NAME | favourite delete NAME") }
            if arguments.words[0].lowercased() == "delete" {
                return .init(text: try session.planner.deleteFavourite(name: arguments.text(after: 1)))
            }
            let slot = try arguments.slot(0, in: session.flow.entry)
            return .init(text: try session.planner.favourite(slotAt: slot, name: arguments.text(after: 1)))
        })

    static let favourites = ShellCommand(
        name: "favourites", usage: "favourites", summary: "List the favourite places",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("favourites") }
            return .init(text: try session.planner.favouriteList())
        })
}
