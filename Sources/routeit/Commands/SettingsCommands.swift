import RouteItCore
import RouteItScreens

/// How to travel, how to show distances, and the trip timer.
enum SettingsCommands {
    static let all: [ShellCommand] = [mode, avoid, units, timer]

    static let mode = ShellCommand(
        name: "mode", usage: "mode car|walk|bike", summary: "Travel by car, on foot or by bicycle",
        completions: { _, position in position == 0 ? TransportType.allCases.map(\.rawValue) : [] },
        run: { session, arguments in
            guard arguments.count == 1, let type = TransportType(commandLineName: arguments.words[0]) else {
                throw ShellCommand.usageErrorFor("mode car|walk|bike")
            }
            session.flow.setTransportType(type)
            return .init(text: session.renderScreen() + rememberSetting(.mode, in: session))
        })

    static let avoidUsage = "avoid [\(RoadAvoidance.names.joined(separator: "|"))|none]..."

    /// Classes add up (`avoid toll`, then `avoid motorway`: both); `none` clears; alone it shows them.
    static let avoid = ShellCommand(
        name: "avoid", usage: avoidUsage, summary: "Keep off toll roads, motorways, ferries or unpaved roads",
        completions: { _, _ in RoadAvoidance.names + ["none"] },
        run: { session, arguments in
            let flow = session.flow
            guard arguments.count > 0 else {
                return .init(text: "Avoiding: \(flow.settings.avoid.description) (\(avoidUsage))")
            }
            let words = arguments.words
            let asked = try RoadAvoidance.parse(words)
            let clears = words.count == 1 && words[0].lowercased() == "none"
            flow.setAvoidance(clears ? [] : flow.settings.avoid.union(asked))
            return .init(text: session.renderScreen() + rememberSetting(.avoid, in: session))
        })

    static let units = ShellCommand(
        name: "units", usage: "units mi|km", summary: "Show distances in miles or kilometres",
        completions: { _, position in position == 0 ? DistanceUnit.allCases.map(\.rawValue) : [] },
        run: { session, arguments in
            guard arguments.count == 1, let unit = DistanceUnit(rawValue: arguments.words[0].lowercased()) else {
                throw ShellCommand.usageErrorFor("units mi|km")
            }
            session.flow.setDistanceUnit(unit)
            return .init(text: session.renderScreen() + rememberSetting(.units, in: session))
        })

    /// Stores the setting a command changed; when the store fails, one alert line after the
    /// screen (the setting still holds for this session).
    static func rememberSetting(_ field: TripSettings.Field, in session: Session) -> String {
        guard session.remembersSettings, let problem = session.planner.saveSetting(field) else { return "" }
        return "\n" + AlertScreen.render(Alert(problem), style: session.style)
    }

    static let timerActions = ["start", "pause", "continue", "reset", "show"]

    static let timer = ShellCommand(
        name: "timer", usage: "timer start|pause|continue|reset|show", summary: "The trip stopwatch",
        completions: { _, position in position == 0 ? timerActions : [] },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("timer start|pause|continue|reset|show") }
            let timer = session.flow.timer
            switch arguments.words[0].lowercased() {
            case "start": try timer.start()
            case "pause": try timer.pause()
            case "continue": try timer.resume()
            case "reset": timer.reset()
            case "show": break
            default: throw ShellCommand.usageErrorFor("timer start|pause|continue|reset|show")
            }
            return .init(text: TimerScreen.render(timer, style: session.style))
        })
}
