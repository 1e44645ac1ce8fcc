/// `routeit --help`, `routeit help TOPIC` and the shell's `help COMMAND`: all built from the tool
/// table, the option table and the shell's command table, which the man page and the completion
/// scripts read too, so none of them can drift from what the program does.
enum HelpText {
    static let runDetails = """
    Replays each FILE.flow in a fresh shell session, printing every command (> line) and what it \
    shows. expect TEXT fails unless the last output contains TEXT, expect-not TEXT the opposite. \
    An unknown command, a failed command or a failed expect stops the run with FILE:LINE: message \
    on stderr and a non-zero exit; with --keep-going the run carries on and still exits 1.
    """

    static let environment: [(String, String)] = [
        ("ROUTEIT_DIRECTIONS=osrm=URL", "route with an OSRM server (as --directions)"),
        ("ROUTEIT_GEOCODER=nominatim=URL", "geocode with a Nominatim server (as --geocoder)"),
        ("ROUTEIT_DIRECTIONS_WALK=osrm=URL", "a separate foot-profile OSRM server for walking"),
        ("ROUTEIT_DIRECTIONS_BIKE=osrm=URL", "a separate bicycle-profile OSRM server for cycling"),
        ("NO_COLOR", "no colour, even on a terminal"),
    ]

    /// nil for a topic nobody answers to.
    static func text(for topic: String?) -> String? {
        guard let topic else { return overview }
        if topic == "run" { return "usage: routeit [OPTIONS] run FILE.flow...\n\n" + wrap(runDetails) + "\n\n" + optionLines(for: "run") }
        if let tool = ToolTable.tool(named: topic) {
            var text = "usage: routeit \(tool.synopsis)\n\n" + wrap(tool.details) + "\n\noptions:\n" + optionLines(for: tool.name)
            // `route` is a tool and a shell command too.
            if let command = CommandTable.command(named: topic) { text += "\n\nIn the shell:\n" + shellCommand(command) }
            return text
        }
        if let command = CommandTable.command(named: topic) { return shellCommand(command) }
        return nil
    }

    /// The shell's `help COMMAND`: its usage, summary and details.
    static func shellCommand(_ command: ShellCommand) -> String {
        var text = "\(command.usage)\n  \(command.summary)"
        if let details = command.details { text += "\n\n" + wrap(details, indent: "  ") }
        return text
    }

    static var overview: String {
        var lines = [
            "usage: routeit [OPTIONS]                  start the interactive shell",
            "       routeit [OPTIONS] run FILE.flow...  replay scripted sessions",
        ]
        for tool in ToolTable.all { lines.append("       routeit \(tool.synopsis)") }
        lines.append("       routeit help COMMAND               more on a tool or a shell command")
        lines.append("tools:")
        let width = ToolTable.all.map(\.name.count).max() ?? 0
        for tool in ToolTable.all { lines.append("  " + tool.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + tool.summary) }
        lines.append("options:")
        lines.append(optionLines(for: nil))
        lines.append("environment:")
        for (name, meaning) in environment { lines.append("  \(name)   \(meaning)") }
        lines.append("shell commands: " + CommandTable.names.joined(separator: ", ") + " (help COMMAND in the shell)")
        return lines.joined(separator: "\n")
    }

    /// The options for `command` (nil: all of them, each with the commands it is for).
    static func optionLines(for command: String?) -> String {
        let options = command.map(OptionTable.options(for:)) ?? OptionTable.all
        let width = options.map(\.synopsis.count).max() ?? 0
        return options.map { option in
            var line = "  " + option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help
            if command == nil, let commands = option.commands { line += " [\(OptionTable.commandsNamed(commands))]" }
            return line
        }.joined(separator: "\n")
    }

    /// Wrapped at 80 columns.
    static func wrap(_ text: String, indent: String = "") -> String {
        var lines: [String] = [], line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 80, line != indent {
                lines.append(line)
                line = indent
            }
            line += (line == indent ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
