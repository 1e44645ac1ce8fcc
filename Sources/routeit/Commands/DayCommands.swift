import RouteItCore

/// What the day allows, for `optimize` and `route`: where the trip ends (`end`) and whether it
/// waits for a stop to open (`wait`); `back by HH:MM` is the `back` command's (see
/// `NavigationCommands`).
enum DayCommands {
    static let all: [ShellCommand] = [end, wait, days]

    static let end = ShellCommand(
        name: "end", usage: "end SLOT|start|anywhere",
        summary: "Where the trip ends: back at the start (default), at a stop, or wherever its last visit is (no return leg)",
        completions: { session, position in position == 0 ? ["start", "anywhere"] + session.flow.entry.slotNames.dropFirst() : [] },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("end SLOT|start|anywhere") }
            let word = arguments.words[0].lowercased()
            let choice: TripEndChoice = switch word {
            case "anywhere": .anywhere
            case "start", "from": .start
            default: .place(try arguments.slot(0, in: session.flow.entry))
            }
            try session.flow.editTrip { try $0.setEnd(choice) }
            return .init(text: session.renderScreen())
        })

    static let wait = ShellCommand(
        name: "wait", usage: "wait on|off",
        summary: "Whether optimize and the trip's times may wait for a stop to open (on by default: waiting when that lets the trip travel less)",
        completions: { _, position in position == 0 ? ["on", "off"] : [] },
        run: { session, arguments in
            guard arguments.count == 1, ["on", "off"].contains(arguments.words[0].lowercased()) else {
                throw ShellCommand.usageErrorFor("wait on|off")
            }
            let waits = arguments.words[0].lowercased() == "on"
            try session.flow.editTrip { $0.setWaits(waits) }
            return .init(text: session.renderScreen())
        })

    static let days = ShellCommand(
        name: "days", usage: "days N",
        summary: "Spread the stops over N days (1 by default): optimize plans one route a day with that day's hours, each leaving at the departure's time",
        completions: { _, position in position == 0 ? ["1", "2", "3"] : [] },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("days N") }
            let days = try DayOptions.parseDays(arguments.words[0])
            try session.flow.editTrip { $0.setDays(days) }
            return .init(text: session.renderScreen())
        })
}
