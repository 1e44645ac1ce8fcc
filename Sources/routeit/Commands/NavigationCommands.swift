import RouteItCore

/// Moving between screens: enter (→ picker), pick (→ entry), route (→ directions), back.
enum NavigationCommands {
    static let all: [ShellCommand] = [enter, pick, route, back]

    static let enter = ShellCommand(
        name: "enter", usage: "enter SLOT", summary: "Look up a slot's text and choose from the matches",
        details: "A LAT,LON text is that place again, refused as type refuses it (another slot holds it, or it lies outside the map in use): a slot that lost its ✓ when use switched maps gets it back.",
        progressMessage: "Looking up",
        completions: TripCommands.slotCompletions,
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("enter SLOT") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            // A LAT,LON text is checked against the open map's area, as `type` checks it.
            try await session.flow.enter(slotAt: slot, within: session.services.placeArea)
            return .init(text: session.renderScreen())
        })

    static let pick = ShellCommand(
        name: "pick", usage: "pick ROW", summary: "Choose a row of the address picker",
        details: "A trip visits each place once: a place another slot already holds (the same coordinates to 1e-6 degrees) is refused, naming that slot; the slot stays as it was and the picker open.",
        completions: { session, position in
            guard position == 0, case .picker(let picker) = session.flow.screen else { return [] }
            return picker.rows.indices.map { String($0 + 1) }
        },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("pick ROW") }
            try session.flow.pick(row: try arguments.integer(0, what: "ROW"))
            return .init(text: session.renderScreen())
        })

    static let route = ShellCommand(
        name: "route", usage: "route", summary: "Compute directions for the round trip",
        progressMessage: "Routing",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("route") }
            try await session.flow.route()
            return .init(text: session.renderScreen())
        })

    static let back = ShellCommand(
        name: "back", usage: "back [by HH:MM|none]",
        summary: "Close the picker or the directions; back by HH:MM: the latest the trip may end (optimize leaves out what does not fit)",
        completions: { _, position in position == 0 ? ["by"] : position == 1 ? ["none", "17:00"] : [] },
        run: { session, arguments in
            if arguments.count == 2, arguments.words[0].lowercased() == "by" {
                let text = arguments.words[1]
                let minutes = text.lowercased() == "none" ? nil : try DayOptions.parseBackBy(text)
                try session.flow.editTrip { $0.setBackBy(minutes) }
                return .init(text: session.renderScreen())
            }
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("back [by HH:MM|none]") }
            try session.flow.back()
            return .init(text: session.renderScreen())
        })
}
