import Foundation
import RouteItCore
import RouteItScreens

/// The interactive shell: prints the entry screen, then reads commands until `quit` or Ctrl-D.
/// On a terminal it uses libedit (history, tab completion); from a pipe it reads plain lines.
enum Repl {
    static func run(options: ShellOptions) -> Int32 {
        let session = Session.make(options: options, style: TextStyle.detect(), watchServers: true, remembersSettings: true)
        let runner = CommandRunner()
        let interactive = isatty(STDIN_FILENO) == 1
        let reader: LineReader = interactive
            ? EditLineReader(historyPath: EditLineReader.defaultHistoryPath(),
                             complete: { before, word in session.completions(before: before, word: word) })
            : PlainLineReader()
        // Ctrl-C with nothing running: at the prompt it clears the line; from a pipe it ends the session.
        runner.onIdleInterrupt = interactive ? { PromptKeyReader.interrupt() } : { exit(130) }
        // After Ctrl-Z and `fg` the prompt and the half-typed line are drawn again. (A source
        // that was never resumed must not be released: libdispatch traps on that.)
        var continued: DispatchSourceSignal?
        defer { continued?.cancel() }
        if interactive {
            let source = DispatchSource.makeSignalSource(signal: SIGCONT, queue: DispatchQueue(label: "routeit.sigcont"))
            source.setEventHandler { PromptKeyReader.wakeToRedraw() }
            source.resume()
            continued = source
            PromptKeyReader.showNotices = { NoticePrinter.shared.showPendingAtPrompt() }
            print("RouteIt: plan a round trip. Type help for the commands, quit or Ctrl-D to leave.")
        }
        if let problem = session.plannerStoreProblem {
            print(AlertScreen.render(Alert(problem + " Saved trips, favourites and settings are not available this session."), style: session.style))
        }
        print(session.renderScreen())
        // Piped input: a script's run fails when any of its commands did.
        var anyFailed = false
        while let line = readLine(from: reader, interactive: interactive) {
            let output = runner.run(line, in: session)
            anyFailed = anyFailed || output.failed
            show(output)
            if output.quits { return status(anyFailed, interactive) }
        }
        if interactive { print("") }
        return status(anyFailed, interactive)
    }

    private static func status(_ anyFailed: Bool, _ interactive: Bool) -> Int32 {
        !interactive && anyFailed ? 1 : 0
    }

    /// Screens and results on stdout, errors and alerts on stderr.
    static func show(_ output: Session.Output) {
        guard !output.text.isEmpty, !output.printed else { return }
        let text = TerminalSafeText.cleanKeepingLayout(output.text)
        if output.failed { printError(text) } else { print(text) }
    }

    /// At an editing prompt, server notices wait for the prompt's thread (see NoticePrinter).
    private static func readLine(from reader: LineReader, interactive: Bool) -> String? {
        guard interactive else { return reader.readLine(prompt: "routeit> ") }
        NoticePrinter.shared.promptOpened()
        defer { NoticePrinter.shared.promptClosed() }
        return reader.readLine(prompt: "routeit> ")
    }
}
