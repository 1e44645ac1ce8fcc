import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens

/// The one loop behind the shell's `go` and `routeit go`: reads fixes from a source, hands them
/// to the guidance view model, and writes what happened: JSON lines (`--events`), one text line
/// per event, or the live screen redrawn per fix. Live, the seconds without a fix pass with the
/// wall clock's; a gap between the fixes' own times the follower plays itself.
final class FollowingLoop {
    enum Output {
        case events
        case lines
        /// The live screen on a terminal (redrawn in place).
        case screen(TextStyle)
    }

    /// How it ended.
    enum Ending: Equatable {
        /// The trip's last place was reached (or skipped).
        case finished
        /// The source has no more fixes (the end of a replay).
        case sourceEnded
        /// `go N`: N fixes followed; following can go on.
        case paused
        /// Ctrl-C or `q`: following stopped, the trip kept.
        case stopped
        /// The source went away: said in `reason`.
        case lost(String)
    }

    let guidance: GuidanceViewModel
    let source: FixSource
    let output: Output
    let unit: DistanceUnit
    let calendar: LocalCalendar
    /// Where each line goes (printed at once, so piped output follows the drive).
    let write: (String) -> Void
    /// Notices go here (stderr with --events, so stdout stays JSON lines).
    let notice: (String) -> Void
    /// Leads the live screen: cursor home, clear to the end (the screen redrawn in place).
    static let redraw = "\u{1B}[H\u{1B}[J"

    /// Asked before each fix: a `skip` typed, `q` pressed.
    var pendingKey: () -> Character? = { nil }
    /// Said after "following stopped" when the source goes away: the shell keeps the trip to
    /// go again; `routeit go` ends there ("" then).
    var afterLoss = ", the trip is kept (go again to carry on)"

    /// Wall time when the last fix arrived, and the fix's own time then: for the lost fix live.
    private var lastArrival: (wall: Date, fix: Date)?
    /// The fixes' clock: the newest fix's time, or the time passed since it without one.
    private var clock: Date?
    private var drawnAt: Date?

    init(guidance: GuidanceViewModel, source: FixSource, output: Output, unit: DistanceUnit, calendar: LocalCalendar,
         write: @escaping (String) -> Void, notice: @escaping (String) -> Void) {
        self.guidance = guidance
        self.source = source
        self.output = output
        self.unit = unit
        self.calendar = calendar
        self.write = write
        self.notice = notice
    }

    /// Follows until the trip ends, the source ends or goes away, a stop is asked for, or
    /// `fixLimit` fixes have been read.
    func run(fixLimit: Int? = nil) async -> Ending {
        var read = 0
        var secondsWithoutFirstFix = 0
        if case .screen(let style) = output, guidance.lastFixTime == nil {
            // Something to look at before the first fix comes.
            write(Self.redraw + GuidanceScreen.render(guidance, now: Date(), unit: unit, calendar: calendar, style: style)
                  + "\nFrom \(source.sourceName)")
        }
        while !guidance.isFinished {
            switch pendingKey() {
            case "q":
                return stop(.stopped)
            case "s":
                show(await guidance.skip(), readAt: Date())
                continue
            default: break
            }
            if let fixLimit, read >= fixLimit { return .paused }
            let reading: FixSourceReading
            do {
                reading = try await source.nextFix(waitAtMost: 1)
            } catch is CancellationError {
                return stop(.stopped)
            } catch let gone as LocationSourceUnavailable {
                notice("\(gone.reason); following stopped\(afterLoss).")
                return stop(.lost(gone.reason))
            } catch {
                notice("\(UserMessage.sentence(for: error)); following stopped\(afterLoss).")
                return stop(.lost(UserMessage.sentence(for: error)))
            }
            if Task.isCancelled { return stop(.stopped) }
            let readAt = Date()
            switch reading {
            case .fix(let fix):
                read += 1
                let outcome = await guidance.handle(fix)
                clock = guidance.lastFixTime
                if fix.isUsable, let time = guidance.lastFixTime, time == fix.time { lastArrival = (readAt, fix.time) }
                show(outcome, readAt: readAt)
            case .none:
                // Before the first fix (a receiver with no sky, a gpsd with no device) the
                // events say nothing: once, say what it waits for.
                secondsWithoutFirstFix += lastArrival == nil ? 1 : 0
                if secondsWithoutFirstFix == Self.firstFixPatience {
                    notice("No fix yet from \(source.sourceName) after \(Self.firstFixPatience) s; still waiting (q or Ctrl-C stops following).")
                }
                // Live: no fix for a while; the fix's clock moves on with the wall's.
                if let lastArrival {
                    let now = lastArrival.fix.addingTimeInterval(readAt.timeIntervalSince(lastArrival.wall))
                    clock = now
                    show(guidance.elapse(to: now), readAt: readAt)
                }
            case .ended:
                let outcome = await guidance.fixesEnded()
                clock = guidance.lastFixTime ?? clock
                show(outcome, readAt: readAt)
                return guidance.isFinished ? .finished : stop(.sourceEnded)
            case .unusable(let text):
                notice(text)
            }
        }
        return .finished
    }

    /// Seconds without a first fix before saying so.
    static let firstFixPatience = 5

    /// `skip` between fixes.
    func skip() async {
        show(await guidance.skip(), readAt: Date())
    }

    /// Stops following: the summary so far.
    private func stop(_ ending: Ending) -> Ending {
        if let finish = guidance.stop(at: clock) { emit([finish], readAt: Date()) }
        return ending
    }

    private func show(_ outcome: RouteFollower.Outcome, readAt: Date) {
        outcome.notices.forEach(notice)
        emit(outcome.events, readAt: readAt)
        // Redrawn when something happened or the clock moved (the fix's age counting up when lost).
        if case .screen(let style) = output, !outcome.events.isEmpty || clock != drawnAt {
            drawnAt = clock
            write(Self.redraw + GuidanceScreen.render(guidance, now: clock ?? Date(), unit: unit, calendar: calendar, style: style))
        }
    }

    private func emit(_ events: [FollowEvent], readAt: Date) {
        for var event in events {
            if case .reroute(let stop, let duration, nil) = event.kind {
                // The new instruction is written right after this line, in the same batch.
                event.kind = .reroute(stop: stop, duration: duration, latencyMilliseconds: Date().timeIntervalSince(readAt) * 1000)
            }
            switch output {
            case .events: write(FollowEventJSON.line(event))
            case .lines: write(GuidanceScreen.line(event, guidance: guidance, unit: unit, calendar: calendar))
            case .screen: if case .finish = event.kind { write(GuidanceScreen.line(event, guidance: guidance, unit: unit, calendar: calendar)) }
            }
        }
    }
}
