import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens
import RouteItStore
import RouteItEngine

/// One shell session: the flow controller and view models, plus how their state is shown.
/// Executes one command line at a time and returns what to print. Every failure becomes one
/// line (`error: ...` for bad input, `! ...` for alerts) and leaves the state as it was.
final class Session {
    let flow: TripFlowController
    let services: LazyServices
    let style: TextStyle
    /// Saved trips, favourites, recent places (and settings, when `remembersSettings`).
    let planner: PlannerViewModel
    /// The REPL keeps `mode`/`units` between sessions; a replayed `.flow` starts from the
    /// first-run settings and leaves the saved ones alone, and from no recent places (only
    /// its own picks), so its output never depends on earlier sessions.
    let remembersSettings: Bool
    /// The map in use (`--map`, then `use NAME`).
    let mapChoice: MapChoice
    /// `--index URL`: the region index `maps get|list-remote` read (nil: the default).
    let mapsIndex: URL?
    /// The trip being followed or last followed (`go`), kept for `skip`, `go` again and `export track`.
    var following: Following?
    /// `location replay FILE`: the track `go` follows instead of gpsd.
    var replayTrack: String?
    /// A replayed `.flow` file's folder: its relative track paths are read from there.
    var flowDirectory: String?
    /// How the first Ctrl-C reaches a command whose search stops early
    /// (`ShellCommand.stopsEarlyOnInterrupt`): a new one for each command.
    var earlyStop = EarlyStop()

    init(flow: TripFlowController, services: LazyServices, style: TextStyle, planner: PlannerViewModel, remembersSettings: Bool,
         mapChoice: MapChoice = MapChoice(nil), mapsIndex: URL? = nil) {
        self.flow = flow
        self.services = services
        self.style = style
        self.planner = planner
        self.remembersSettings = remembersSettings
        self.mapChoice = mapChoice
        self.mapsIndex = mapsIndex
    }

    /// The session the app runs: lazy real services, the position from gpsd (else the simulated
    /// location at Helsinki Central Station), the system clock. `watchServers`: configured OSRM/Nominatim servers are probed
    /// from the start and every `--probe-interval` seconds, and a change is said when it happens
    /// (the REPL); otherwise only the requests themselves find out (a replayed `.flow` file,
    /// whose output must not depend on timing).
    /// A replayed file (`watchServers` false) asks no gpsd unless one is named (`--location`,
    /// ROUTEIT_LOCATION): its `locate` must not depend on the machine it runs on.
    /// `calendarForMap` is the map's clock (`LocalCalendar.forMap`), asked once per opened map.
    static func make(options: ShellOptions, style: TextStyle, watchServers: Bool = false, remembersSettings: Bool = false,
                     calendarForMap: @escaping (MapArea?) -> LocalCalendar = { LocalCalendar.forMap($0) }) -> Session {
        let notices = BackendNotices(onPost: NoticePrinter.shared.post)
        let monitors = ServiceFactory.serverMonitors(options, notices: notices)
        if watchServers, options.probeInterval > 0 { monitors?.startMonitoring(every: options.probeInterval) }
        let mapChoice = MapChoice(options.mapPath)
        let services = LazyServices { cancellation in
            var chosen = options
            chosen.mapPath = mapChoice.current
            var opened = try ServiceFactory.makeServices(chosen, notices: notices, monitors: monitors, cancellation: cancellation)
            // Once per map (reopened after `use` or a map change): every lookup, route and
            // order asks for it, and working it out reads the system's zone table.
            opened.calendar = calendarForMap(opened.area)
            return opened
        }
        let userStore = Result<PlannerStoring, Error> { try SQLitePlannerStore(path: SQLitePlannerStore.defaultPath()) }
        // A replay's picker rows must not depend on the user's history: it builds its own.
        let store = remembersSettings ? userStore : userStore.map { ReplayPlannerStore(over: $0) as PlannerStoring }
        let firstRun = TripSettings(transportType: .car, distanceUnit: .firstRun(environment: ProcessInfo.processInfo.environment))
        var settings = firstRun
        if remembersSettings, case .success(let opened) = store, let saved = try? opened.loadSettings(over: firstRun) { settings = saved }
        let flow = TripFlowController(geocoder: services, directions: services,
                                      location: LocationViewModel(device: ServiceFactory.locationDevice(options, fallback: watchServers ? .default : .simulated)),
                                      timer: TripTimerViewModel(timeSource: SystemTimeSource()),
                                      attribution: MapAttribution.text, settings: settings)
        // --mode, --units and --avoid set where the session starts (over the saved settings).
        if let type = options.transportType { flow.setTransportType(type) }
        if let unit = options.distanceUnit { flow.setDistanceUnit(unit) }
        if let avoid = options.avoid { flow.setAvoidance(avoid) }
        let planner = PlannerViewModel(flow: flow, store: store, mapName: MapLibrary.label(forChoice: options.mapPath))
        // The trip's clock is the map's (its country's zone), known once the map is open.
        flow.mapCalendar = { (try? await services.services()).map { $0.calendar ?? calendarForMap($0.area) } }
        flow.preferredPlaces = { [weak planner] in planner?.preferredPlaces() ?? [] }
        flow.onPlacePicked = { [weak planner] in planner?.remember($0) }
        return Session(flow: flow, services: services, style: style, planner: planner, remembersSettings: remembersSettings,
                       mapChoice: mapChoice, mapsIndex: options.mapsIndex)
    }

    /// Why the planner store cannot be used this session, if it cannot (said once at the start).
    var plannerStoreProblem: String? { planner.storeProblem }

    struct Output: Sendable {
        var text: String
        var quits = false
        /// The command failed (bad input, an alert, cancelled): its text goes to stderr, and a
        /// replay or piped session ends non-zero.
        var failed = false
        /// Already written as it happened (`go`): shown again only to an `expect`.
        var printed = false
    }

    /// The command a line names, if any (for the spinner and cancellation decisions).
    func command(for line: String) -> ShellCommand? {
        ShellLine.parse(line).flatMap { CommandTable.command(named: $0.name) }
    }

    func execute(_ line: String) async -> Output {
        guard line.utf8.count <= ShellLine.maxBytes else { return Output(text: render(InputError(ShellLine.tooLong)), failed: true) }
        if let problem = ShellLine.controlCharacter(in: line) { return Output(text: render(InputError(problem)), failed: true) }
        guard let parsed = ShellLine.parse(line) else { return Output(text: "") }
        guard let command = CommandTable.command(named: parsed.name) else {
            return Output(text: render(InputError("Unknown command \"\(parsed.name)\"; type help for the list.")), failed: true)
        }
        do {
            return try await command.run(self, parsed.arguments)
        } catch let error as InputError {
            return Output(text: render(error), failed: true)
        } catch let alert as Alert {
            return Output(text: AlertScreen.render(alert, style: style), failed: true)
        } catch is CancellationError {
            return Output(text: "Cancelled.", failed: true)
        } catch {
            return Output(text: AlertScreen.render(Alert(UserMessage.sentence(for: error)), style: style), failed: true)
        }
    }

    /// The screen currently shown.
    func renderScreen() -> String {
        switch flow.screen {
        case .entry:
            return EntryScreen.render(flow.entry, settings: flow.settings, calendar: flow.calendar, style: style)
        case .picker(let picker):
            return AddressPickerScreen.render(picker, style: style)
        case .directions(let directions):
            let steps = flow.laterDays.isEmpty
                ? DirectionsScreen.render(directions, unit: flow.settings.distanceUnit, style: style)
                : DirectionsScreen.render(days: [directions] + flow.laterDays, unit: flow.settings.distanceUnit, style: style)
            return tripMapAboveDirections(directions).map { $0 + "\n\n" + steps } ?? steps
        }
    }

    func render(_ error: InputError) -> String { AlertScreen.render(error, style: style) }

}

extension Session {
    /// Tab completion: command names for the first word, then the command's own candidates.
    func completions(before: String, word: String) -> [String] {
        let words = before.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let name = words.first else { return CommandTable.names }
        guard let command = CommandTable.command(named: name) else { return [] }
        return command.completions(self, words.count - 1)
    }
}
