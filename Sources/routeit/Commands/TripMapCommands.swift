import Foundation
import RouteItCore
import RouteItExport
import RouteItScreens

/// Seeing and carrying the trip: `map`, `export svg|gpx|geojson FILE [--force]`, and `optimize`.
enum TripMapCommands {
    static let all: [ShellCommand] = [map, export, optimize]

    static let map = ShellCommand(
        name: "map", usage: "map", summary: "Draw the routed trip on a map in the terminal",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("map") }
            let directions = try session.shownDirections(for: "draw")
            // One row is left for the prompt that follows.
            var size = TerminalSize.current()
            if TerminalSize.ofTerminal() != nil { size.rows -= 1 }
            return .init(text: session.renderTripMap(directions, size: size))
        })

    static let exportUsage = "export svg|gpx|geojson|track FILE [--force]"

    static let export = ShellCommand(
        name: "export", usage: exportUsage, summary: "Save the routed trip as an SVG picture, GPX or GeoJSON, or the drive after go as a GPX track",
        details: "GPX has a route per leg, named by its ends, with each step's instruction on the point where it starts; GeoJSON has each leg with its steps, and the trip's totals and the attribution in the collection's properties. track (after go) is GPX: the planned route as a rte per leg and the travelled track as a trk. An existing file is only replaced with --force; ~/ is your $HOME.",
        completions: { _, position in position == 0 ? TripExportFormat.allCases.map(\.rawValue) + ["track"] : [] },
        run: { session, arguments in
            let destination = ExportDestination(arguments: arguments.text(after: 1))
            if arguments.count >= 2, arguments.words[0].lowercased() == "track", !destination.path.isEmpty {
                return try exportTrack(session, to: destination)
            }
            guard arguments.count >= 2, !destination.path.isEmpty,
                  let format = TripExportFormat(rawValue: arguments.words[0].lowercased()) else {
                throw ShellCommand.usageErrorFor(exportUsage)
            }
            let path = destination.path
            let directions = try session.shownDirections(for: "export")
            let url = try destination.url(resolve: session.filePath)
            let trip = TripMapScreen.trip(directions)
            var roads: [[Coordinate]] = []
            if format.needsRoads, let projection = SVGExport.projection(stops: trip.stops, legs: trip.legs) {
                roads = session.services.roads(in: projection.visibleBox)
            }
            let plan = TripExportPlan(directions: directions, entry: session.flow.entry, settings: session.flow.settings)
            let text = format.render(stops: trip.stops, legs: trip.legs, roads: roads, plan: plan)
            do {
                // Atomic for files; never replaces a link, FIFO or device (see OutputFile).
                try OutputFile.write(Data(text.utf8), to: url.path)
            } catch let error as OutputFileError {
                throw InputError("Cannot write \(path): \(error.reason).")
            }
            return .init(text: "Exported \(format.displayName) (\(counted(directions.legs.count, "leg")), \(counted(trip.stops.count, "stop"))) to \(path)"
                         + notInFile(plan?.unroutedStops ?? 0, laterDays: session.flow.laterDays))
        })

    /// `1 leg`, `3 legs`: a count said with its noun.
    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// What the file leaves out, said when it is written (not first when it is opened again):
    /// the stops of the later days (a file holds one day's route) and the stops left out.
    static func notInFile(_ unrouted: Int, laterDays: [DirectionsViewModel]) -> String {
        guard unrouted > 0 else { return "" }
        func stops(_ n: Int) -> String { counted(n, "stop") }
        let onLaterDays = min(unrouted, laterDays.reduce(0) { $0 + $1.legs.count - ($1.isRoundTrip ? 1 : 0) })
        var parts: [String] = []
        func areNot(_ n: Int) -> String { n == 1 ? "is not" : "are not" }
        if onLaterDays > 0 {
            let days = laterDays.count == 1 ? "day 2" : "days 2-\(laterDays.count + 1)"
            parts.append("day 1 of \(laterDays.count + 1) only: the \(stops(onLaterDays)) of \(days) \(areNot(onLaterDays)) in it")
        }
        let leftOut = unrouted - onLaterDays
        if leftOut > 0 { parts.append("the \(stops(leftOut)) left out \(areNot(leftOut)) in it") }
        return "; " + parts.joined(separator: ", and ") + "."
    }

    static let optimize = ShellCommand(
        name: "optimize", usage: "optimize [budget SECONDS] [seed N]",
        summary: "Put the stops in the order with the least travel for the day: inside their windows and opening hours (waiting for an opening when that lets the trip travel less; waits are not counted, so back by is what bounds the day), high priority first, by the end of day, to the trip's end (start fixed)",
        details: "Stops that cannot fit are left out and said with why; route leaves them out until the trip changes. Ctrl-C while it searches keeps the best plan so far and shows its directions (Ctrl-C while they are routed skips them; before the search it cancels). Beyond 12 stops the search is counted, so the same trip gets the same plan every time; budget SECONDS searches for that long instead (two runs may then differ), seed N makes another of the searches. See window, priority, wait, back by, end.",
        progressMessage: "Optimizing",
        stopsEarlyOnInterrupt: true,
        completions: { _, position in position % 2 == 0 ? ["budget", "seed"] : [] },
        run: { session, arguments in
            let search = try searchOptions(arguments.words)
            try session.flow.requireNoOpenPicker()
            let plan: TripOrderPlan
            // Ctrl-C while the planner searches stops it (the best plan so far is kept, "Stopped
            // early") and its directions follow as always; before or after, Ctrl-C cancels.
            let earlyStop = session.earlyStop
            do {
                defer { earlyStop.searchIsOver() }
                plan = try await session.flow.optimize(search: search, isCancelled: {
                    earlyStop.searchIsRunning()
                    return earlyStop.isAsked || Task.isCancelled
                })
            } catch let error as TripOrderError {
                throw Alert(error.description)
            }
            let saved = plan.summary
            // The directions follow the new order.
            do {
                try await session.flow.route()
            } catch let alert as Alert {
                return .init(text: saved + "\n" + AlertScreen.render(alert, style: session.style))
            } catch is CancellationError {
                // Ctrl-C while routing: the new order (said above) is kept, without its directions.
                let skipped = AlertScreen.render(Alert("Directions cancelled; the new order is kept: route shows them."), style: session.style)
                return .init(text: saved + "\n" + skipped + "\n\n" + session.renderScreen())
            }
            return .init(text: saved + "\n\n" + session.renderScreen())
        })

    /// `optimize`'s words: `budget SECONDS` and `seed N`, in either order, each once.
    private static func searchOptions(_ words: [String]) throws -> DayPlanOptions {
        var search = DayPlanOptions(), rest = words[...], given: Set<String> = []
        while let word = rest.popFirst() {
            guard let value = rest.popFirst(), given.insert(word.lowercased()).inserted else {
                throw ShellCommand.usageErrorFor(optimize.usage)
            }
            switch word.lowercased() {
            case "budget": search.timeBudget = try DayPlanOptions.parseBudget(value)
            case "seed": search.seed = try DayPlanOptions.parseSeed(value)
            default: throw ShellCommand.usageErrorFor(optimize.usage)
            }
        }
        return search
    }

    /// `export track FILE`: the drive of the last `go`.
    private static func exportTrack(_ session: Session, to destination: ExportDestination) throws -> Session.Output {
        guard let following = session.following else {
            throw InputError("No drive to export yet: route, then go; then export track FILE.gpx")
        }
        let url = try destination.url(resolve: session.filePath)
        let follower = following.guidance.follower
        let text = TrackExport.gpx(track: follower.track, planned: following.guidance.planned)
        do {
            try OutputFile.write(Data(text.utf8), to: url.path)
        } catch let error as OutputFileError {
            throw InputError("Cannot write \(destination.path): \(error.reason).")
        }
        return .init(text: "Exported the track (\(counted(follower.track.count, "point"))) and the planned route (\(counted(following.guidance.planned.count, "leg"))) to \(destination.path)")
    }
}
