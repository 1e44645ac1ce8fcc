import Foundation
import RouteItScreens

/// The interactive shell: prints the entry screen, then reads commands until `quit` or Ctrl-D.
/// On a terminal it uses libedit (history, tab completion); from a pipe it reads plain lines.
enum Repl {
    static func run(options: ShellOptions) -> Int32 {
        let session = Session.make(options: options, style: TextStyle.detect(), watchServers: true)
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
        print(session.renderScreen())
        while let line = readLine(from: reader, interactive: interactive) {
            let output = runner.run(line, in: session)
            if !output.text.isEmpty { print(output.text) }
            if output.quits { return 0 }
        }
        if interactive { print("") }
        return 0
    }

    /// At an editing prompt, server notices wait for the prompt's thread (see NoticePrinter).
    private static func readLine(from reader: LineReader, interactive: Bool) -> String? {
        guard interactive else { return reader.readLine(prompt: "routeit> ") }
        NoticePrinter.shared.promptOpened()
        defer { NoticePrinter.shared.promptClosed() }
        return reader.readLine(prompt: "routeit> ")
    }
}
