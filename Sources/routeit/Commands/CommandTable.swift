/// Every shell command, in the order `help` lists them. To add commands, append a list here.
enum CommandTable {
    static let all: [ShellCommand] = TripCommands.all + DayCommands.all + NavigationCommands.all + GoCommands.all + TripMapCommands.all + SettingsCommands.all + PlannerCommands.all + BackendCommands.all + MapCommands.all + SessionCommands.all

    static func command(named name: String) -> ShellCommand? {
        all.first { $0.name == name.lowercased() }
    }

    static var names: [String] { all.map(\.name) }
}
