import Foundation

import RouteItCore

/// The session itself: show, help, quit.
enum SessionCommands {
    static let all: [ShellCommand] = [show, help, quit]

    static let show = ShellCommand(
        name: "show", usage: "show", summary: "Show the current screen again",
        run: { session, _ in .init(text: session.renderScreen()) })

    static let help = ShellCommand(
        name: "help", usage: "help [COMMAND]", summary: "List the commands, or explain one",
        completions: { _, position in position == 0 ? CommandTable.names : [] },
        run: { _, arguments in
            if let name = arguments.words.first {
                guard let command = CommandTable.command(named: name) else {
                    throw InputError("Unknown command \"\(name)\"; type help for the list.")
                }
                return .init(text: HelpText.shellCommand(command))
            }
            let width = CommandTable.all.map(\.usage.count).max() ?? 0
            let lines = CommandTable.all.map { $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
            return .init(text: (["Commands:"] + lines.map { "  " + $0 } + ["Slots: 1/from, 2/stop1, 3/stop2, ...; a line starting with # is a comment."]).joined(separator: "\n"))
        })

    static let quit = ShellCommand(
        name: "quit", usage: "quit", summary: "Leave RouteIt (Ctrl-D too)",
        run: { _, _ in .init(text: "", quits: true) })
}
