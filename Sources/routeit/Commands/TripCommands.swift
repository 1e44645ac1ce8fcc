import RouteItCore
import RouteItRemote
import RouteItScreens

/// Editing the trip entry: type, swap, add, remove, location, locate.
enum TripCommands {
    static let all: [ShellCommand] = [type, swap, add, remove, stops, stay, window, priority, page, depart, location, locate]

    static let slotCompletions: @Sendable (Session, Int) -> [String] = { session, _ in
        session.flow.entry.slotNames + session.flow.entry.slots.indices.map { String($0 + 1) }
    }

    static let type = ShellCommand(
        name: "type", usage: "type SLOT TEXT",
        summary: "Set a slot's text (clears its ✓; LAT,LON is that place, ✓ at once); slots are 1/from, 2/stop1, 3/stop2, ...",
        details: "LAT,LON is refused, the slot unchanged, when another slot already holds that place, or when it lies outside the map in use (once the map is open, and with no routing server).",
        // After the slot: favourite names and recent places first.
        completions: { session, position in position == 0 ? slotCompletions(session, position) : session.planner.completionWords() },
        run: { session, arguments in
            guard arguments.count >= 1 else { throw ShellCommand.usageErrorFor("type SLOT TEXT") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            let text = arguments.text(after: 1)
            try session.flow.type(text, inSlotAt: slot, within: session.services.placeArea)
            return .init(text: session.renderScreen())
        })

    static let swap = ShellCommand(
        name: "swap", usage: "swap [A B]",
        summary: "Swap stops 1 and 2, or any two slots A and B",
        completions: slotCompletions,
        run: { session, arguments in
            var notes: [String] = []
            switch arguments.count {
            case 0:
                try session.flow.editTrip { try $0.swapFirstTwoStops() }
            case 2:
                let entry = session.flow.entry
                let a = try arguments.slot(0, in: entry), b = try arguments.slot(1, in: entry)
                try session.flow.editTrip { notes = try $0.swapSlots(a, b) }
            default:
                throw ShellCommand.usageErrorFor("swap [A B]")
            }
            return .init(text: (notes.map { "Note: \($0)" } + [session.renderScreen()]).joined(separator: "\n"))
        })

    static let add = ShellCommand(
        name: "add", usage: "add", summary: "Add an empty stop at the end (up to 200 stops)",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("add") }
            try session.flow.editTrip { try $0.addStop() }
            return .init(text: session.renderScreen())
        })

    static let remove = ShellCommand(
        name: "remove", usage: "remove SLOT", summary: "Remove a stop (the start and one stop stay)",
        completions: slotCompletions,
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("remove SLOT") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            var notes: [String] = []
            try session.flow.editTrip { notes = try $0.removeSlot(at: slot) }
            return .init(text: (notes.map { "Note: \($0)" } + [session.renderScreen()]).joined(separator: "\n"))
        })

    static let stay = ShellCommand(
        name: "stay", usage: "stay SLOT DURATION",
        summary: "How long the trip stays at a stop: 15m, 1h, 1h30m (0 for none)",
        completions: { session, position in position == 0 ? slotCompletions(session, position) : ["0", "15m", "30m", "1h"] },
        run: { session, arguments in
            guard arguments.count == 2 else { throw ShellCommand.usageErrorFor("stay SLOT DURATION") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            let seconds = try StayDuration.parse(arguments.words[1])
            try session.flow.editTrip { try $0.setStay(seconds, forSlotAt: slot) }
            return .init(text: session.renderScreen())
        })

    static let stops = ShellCommand(
        name: "stops", usage: "stops FILE",
        summary: "Make a list of addresses or LAT,LON (one a line, or CSV with name/address/lat/lon/window/stay/priority) the trip's stops",
        details: "The start stays; the list replaces the stops, up to 200. An address is its first match near the current location; a line that matches several places alike says which it took. A list with a line that cannot be found, a bad window or stay, broken CSV quoting or the same place twice changes nothing and says which line.",
        progressMessage: "Looking up the stops",
        run: { session, arguments in
            let path = arguments.text(after: 0)
            guard !path.isEmpty else { throw ShellCommand.usageErrorFor("stops FILE") }
            // The open picker is answered first, before the list is read.
            try session.flow.requireNoOpenPicker()
            let list = try StopListFile.read(path, at: session.filePath(path))
            // A line that matched several places alike says which it took, above the trip, as
            // does a `#` row skipped as a comment.
            let notices = try await (list.notes + session.flow.loadStops(list.lines, within: session.services.placeArea)).map { "Note: \($0)" }
            return .init(text: (notices + [session.renderScreen()]).joined(separator: "\n"))
        })

    static let window = ShellCommand(
        name: "window", usage: "window SLOT HH:MM-HH:MM[,HH:MM-HH:MM...]|none",
        summary: "When a stop may be visited (on the trip's day; one over before the trip leaves is the night's while the trip is out then, as back by says; several spans with commas; none for any time)",
        completions: { session, position in position == 0 ? slotCompletions(session, position) : ["none", "09:00-12:00"] },
        run: { session, arguments in
            guard arguments.count == 2 else { throw ShellCommand.usageErrorFor("window SLOT HH:MM-HH:MM[,HH:MM-HH:MM...]|none") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            let text = arguments.words[1]
            let windows = text.lowercased() == "none" ? [] : try VisitWindow.parseList(text)
            try session.flow.editTrip { try $0.setWindows(windows, forSlotAt: slot) }
            return .init(text: session.renderScreen())
        })

    static let priority = ShellCommand(
        name: "priority", usage: "priority SLOT high|normal|low",
        summary: "Which stops to keep when not all fit the day (high first, low dropped first)",
        completions: { session, position in position == 0 ? slotCompletions(session, position) : StopPriority.allCases.map(\.rawValue) },
        run: { session, arguments in
            guard arguments.count == 2 else { throw ShellCommand.usageErrorFor("priority SLOT high|normal|low") }
            let slot = try arguments.slot(0, in: session.flow.entry)
            let priority = try StopPriority.parse(arguments.words[1])
            try session.flow.editTrip { try $0.setPriority(priority, forSlotAt: slot) }
            return .init(text: session.renderScreen())
        })

    static let page = ShellCommand(
        name: "page", usage: "page N|next|prev", summary: "Show another page of a long trip's stops",
        completions: { _, position in position == 0 ? ["next", "prev"] : [] },
        run: { session, arguments in
            guard arguments.count == 1 else { throw ShellCommand.usageErrorFor("page N|next|prev") }
            try session.flow.requireNoOpenPicker()
            try session.flow.entry.showPage(arguments.words[0])
            return .init(text: session.renderScreen())
        })

    static let depart = ShellCommand(
        name: "depart", usage: "depart [YYYY-MM-DD] HH:MM|now",
        summary: "When the trip leaves the start (today when the date is left out; now by default)",
        completions: { _, position in position == 0 ? ["now"] : [] },
        run: { session, arguments in
            guard (1...2).contains(arguments.count) else { throw ShellCommand.usageErrorFor("depart [YYYY-MM-DD] HH:MM|now") }
            let notice = try session.flow.setDeparture(words: arguments.words)
            // Said as `route --depart` says it.
            return .init(text: (notice.map { "Note: \($0)\n" } ?? "") + session.renderScreen())
        })

    static let location = ShellCommand(
        name: "location", usage: "location [LAT LON|gps|replay FILE]",
        summary: "Set the simulated current location (it wins until: location gps), or show where locate reads it; replay FILE: go follows a recorded NMEA or GPX track",
        completions: { _, position in position == 0 ? ["gps", "replay"] : [] },
        run: { session, arguments in
            let location = session.flow.location
            if arguments.count >= 2, arguments.words[0].lowercased() == "replay" {
                let path = session.filePath(arguments.text(after: 1))
                let track = try ReplayFixSource(path: path)
                session.replayTrack = path
                return .init(text: "Location: go replays \(track.fixes.count) fixes of \(track.sourceName)")
            }
            switch arguments.count {
            case 0:
                break
            case 1 where arguments.words[0].lowercased() == "gps":
                session.replayTrack = nil
                try location.useDevice()
            case 2:
                let latitude = try arguments.number(0, what: "LAT"), longitude = try arguments.number(1, what: "LON")
                try location.setLocation(latitude: latitude, longitude: longitude)
                return .init(text: "Location: \(location.currentLocation!)")
            default:
                throw ShellCommand.usageErrorFor("location [LAT LON|gps|replay FILE]")
            }
            guard location.device != nil, !location.prefersSimulated else {
                return .init(text: "Location: \(location.currentLocation.map { "\($0)" } ?? "none") (simulated)")
            }
            return .init(text: "Location: from \(location.sourceName) at the next locate")
        })

    static let locate = ShellCommand(
        name: "locate", usage: "locate", summary: "Put the current location's address in slot 1 (From)",
        progressMessage: "Locating",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("locate") }
            let located = try await session.flow.locate()
            var lines: [String] = []
            if let notice = located.notice { lines.append(AlertScreen.render(Alert(notice), style: session.style)) }
            lines.append("Location: " + LocationText.describe(located))
            lines.append(session.renderScreen())
            return .init(text: lines.joined(separator: "\n"))
        })
}
