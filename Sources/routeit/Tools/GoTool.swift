import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens

/// `routeit go PLACE... [--mode car|walk|bike] [--location gpsd=HOST:PORT|replay=FILE] [--events]
/// [--stay MIN]`: routes the trip as `routeit route` does, then follows it from the fixes of
/// gpsd or of a recorded track through the shell's own loop (`FollowingLoop`), printing one
/// line per event (JSON lines with --events).
enum GoTool {
    static let tool = Tool(
        name: "go", synopsis: "go PLACE PLACE... [--mode car|walk|bike] [--location gpsd=HOST:PORT|replay=FILE] [--events] [--stay MIN] [OPTIONS]",
        summary: "Follow the trip through the places from GPS fixes, saying each turn",
        details: """
        Routes the trip through the places (as routeit route, one leg per pair in the order \
        given), then follows it from gpsd (--location gpsd=HOST:PORT, ROUTEIT_LOCATION, else \
        localhost:2947) or from a recorded NMEA ($GPRMC/$GPGGA) or GPX (trkpt with time) track \
        (--location replay=FILE, read as fast as it goes). Each event is one line: depart, the next \
        instruction (when it changes and at 500, 200 and 50 m), off-route and the new route, \
        arrive, stay (--stay minutes at each stop, else none), skip, the fix lost, and a finish \
        summary. With --events each line is a JSON object with "event" and "time" (the fix's \
        time, ISO-8601 UTC). Fixes that are not positions, come more than 5 a second or jump \
        further than a traveller could are ignored (a jump counts once the next fixes agree); \
        a notice says so once on stderr. gpsd going away stops following with one line; the \
        summary is still printed, as it is on Ctrl-C (or SIGTERM), which stops following. Exit 0 \
        when the trip was followed to its end, the track ended or following was stopped, 1 when \
        following could not start or gpsd went away, 2 on bad arguments.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return tool.usageError("go needs at least two places") }
        guard arguments.count <= 1 + EntryViewModel.maximumStopCount else {
            return tool.fail("\(arguments.count) places; a trip has a start and at most \(EntryViewModel.maximumStopCount) stops", code: 2)
        }
        // Ctrl-C or SIGTERM stops following as `q` does: the finish summary still comes.
        let stop = StopSignals.install()
        do {
            let source = try fixSource(options)
            let stays = try RouteTool.stays(options.stays, places: arguments.count)
            let services = try ToolServices.open(options)
            let waypoints = try arguments.map { try RouteTool.waypoint($0, geocoder: services.geocoder, near: options.near) }
            let calendar = LocalCalendar.forMap(services.area)
            let request = TripPlanRequest(
                places: waypoints.enumerated().map {
                    TripPlace(item: $1.item, stay: stays[$0], label: $0 == 0 ? "the start" : EntryViewModel.label(forSlotAt: $0))
                },
                departure: Date(), calendar: calendar, transportType: options.transportType ?? .car,
                avoid: options.avoid ?? [], alternatives: false, optimize: false,
                day: DayOptions(waits: false, backBy: nil, end: .anywhere, days: 1), attribution: MapAttribution.text)
            let answer = try ToolServices.waitOnThisThread { try await request.answer(using: services.directions) }
            guard let trip = answer.routes.first else { throw RouteTool.Failure(code: "NoRoute", message: Alert.directionsNotAvailable.message) }
            let unit = MapToolSupport.unit(options)
            let guidance = GuidanceViewModel(trip: trip, directions: services.directions, avoid: options.avoid ?? [], unit: unit)
            let loop = FollowingLoop(guidance: guidance, source: source, output: options.events ? .events : .lines, unit: unit,
                                     calendar: calendar, write: printNow,
                                     notice: { printError(TerminalSafeText.clean($0)) })
            loop.pendingKey = { stop.isCancelled ? "q" : nil }
            loop.afterLoss = ""
            let box = LoopBox(loop)
            let ending = try ToolServices.wait { await box.loop.run() }
            if case .lost = ending { return 1 }
            return 0
        } catch let error as InputError {
            return tool.fail(error.message, code: 2)
        } catch {
            let failure = RouteTool.failure(for: error)
            return tool.fail(failure.message, code: failure.exitStatus)
        }
    }

    /// `--location`, else ROUTEIT_LOCATION, else gpsd on localhost.
    static func fixSource(_ options: ShellOptions) throws -> FixSource {
        let spec = try options.location ?? LocationSourceSpec.fromEnvironment() ?? .default
        switch spec {
        case .gpsd(let address): return GPSDFixSource(address: address, connectTimeout: options.timeout)
        case .replay(let path): return try ReplayFixSource(path: path)
        case .simulated: throw InputError("go needs moving fixes: --location gpsd[=HOST:PORT] or --location replay=FILE, not the simulated position")
        }
    }

    /// Hands the loop to the task that runs it; the calling thread only waits.
    private final class LoopBox: @unchecked Sendable {
        let loop: FollowingLoop
        init(_ loop: FollowingLoop) { self.loop = loop }
    }
}
