import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens

/// Following the routed trip: `go [FIXES]` and `skip`.
enum GoCommands {
    static let all: [ShellCommand] = [go, skip]

    static let go = ShellCommand(
        name: "go", usage: "go [FIXES]",
        summary: "Follow the routed trip from GPS fixes: each turn as it comes, off-route and a new route, arrivals and stays",
        details: "Reads gpsd (--location, ROUTEIT_LOCATION) or the track of location replay FILE. On a terminal the screen shows the next maneuver and the distance to it, the street, the clock times at the next stop and back home, the stops left and the fix's age and accuracy; q or Ctrl-C stops following (the trip is kept), s skips the stop ahead. Otherwise each event is one line. go FIXES follows that many fixes and comes back to the prompt (skip, then go again, carries on). After it: export track FILE.gpx.",
        run: { session, arguments in
            guard arguments.count <= 1 else { throw ShellCommand.usageErrorFor("go [FIXES]") }
            let limit = arguments.count == 1 ? try arguments.integer(0, what: "FIXES") : nil
            if let limit, limit < 1 { throw InputError("FIXES must be 1 or more, not \(limit).") }
            let following = try session.currentFollowing()
            return await follow(following, session: session, fixLimit: limit)
        })

    static let skip = ShellCommand(
        name: "skip", usage: "skip", summary: "While following (go): drop the stop ahead and route on to the next (at a stop: leave now)",
        run: { session, arguments in
            guard arguments.count == 0 else { throw ShellCommand.usageErrorFor("skip") }
            guard let following = session.following, !following.guidance.isFinished else {
                throw InputError("Not following a trip; skip works after go (go FIXES, then skip).")
            }
            var lines: [String] = []
            let loop = session.followingLoop(following, output: .lines, write: { lines.append($0) })
            await loop.skip()
            return .init(text: lines.joined(separator: "\n"))
        })

    /// Follows until the end, a stop or `fixLimit` fixes; the lines said, or the screen's last.
    static func follow(_ following: Following, session: Session, fixLimit: Int?) async -> Session.Output {
        let onTerminal = isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1
        var lines: [String] = []
        let keys = onTerminal ? TerminalKeys() : nil
        defer { keys?.restore() }
        let loop = session.followingLoop(following, output: onTerminal ? .screen(session.style) : .lines, write: { line in
            // Names from the map are cleaned; the screen's own redraw is kept.
            let redraws = line.hasPrefix(FollowingLoop.redraw)
            let clean = TerminalSafeText.cleanKeepingLayout(redraws ? String(line.dropFirst(FollowingLoop.redraw.count)) : line)
            printNow(redraws ? FollowingLoop.redraw + clean : clean)
            lines.append(clean)
        })
        if let keys { loop.pendingKey = keys.pending }
        let ending = await loop.run(fixLimit: fixLimit)
        if onTerminal, let last = lines.last { lines = [last] }
        switch ending {
        case .lost(let reason):
            return .init(text: (lines + ["! \(reason); following stopped, the trip is kept (go again to carry on)."]).joined(separator: "\n"),
                         failed: true, printed: true)
        default:
            return .init(text: lines.joined(separator: "\n"), printed: true)
        }
    }
}

extension Session {
    /// The following to carry on (`go` after `go N`), or a new one of the routed trip.
    func currentFollowing() throws -> Following {
        guard case .directions(let directions) = flow.screen else {
            throw InputError("Nothing to follow: route the trip first, then go.")
        }
        if let following, following.trip === directions, !following.guidance.isFinished { return following }
        let source = try fixSource()
        let guidance = GuidanceViewModel(trip: directions, directions: services, avoid: flow.settings.avoid,
                                          unit: flow.settings.distanceUnit)
        let started = Following(guidance: guidance, source: source, trip: directions)
        following = started
        return started
    }

    /// `location replay FILE`, else the location device when it is gpsd.
    private func fixSource() throws -> FixSource {
        if let replayTrack { return try ReplayFixSource(path: replayTrack) }
        if !flow.location.prefersSimulated, let gpsd = flow.location.device as? GPSDLocationProvider {
            return GPSDFixSource(address: gpsd.address, connectTimeout: gpsd.fixTimeout)
        }
        throw InputError("go needs moving fixes: location replay FILE (NMEA or GPX), or start routeit with --location gpsd[=HOST:PORT].")
    }

    /// The loop over the following's fixes, writing with `write` (notices as `! ...` lines).
    func followingLoop(_ following: Following, output: FollowingLoop.Output, write: @escaping (String) -> Void) -> FollowingLoop {
        FollowingLoop(guidance: following.guidance, source: following.source, output: output, unit: flow.settings.distanceUnit,
                      calendar: flow.calendar, write: write, notice: { write("! " + $0) })
    }
}
