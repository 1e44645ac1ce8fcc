import Foundation

/// One option of routeit's single command line (shared by the shell, `run` and every tool):
/// its spellings, the value it takes (nil for a flag), a line of help, which commands it is for,
/// and how it changes the options. Listed in `OptionTable.all`; parsing, `--help`, the man page
/// and the shell completions all read it from there.
struct CommandLineOption: Sendable {
    /// e.g. ["-o", "--output"]; the last one is the one shown in help.
    var names: [String]
    /// The value's placeholder (`PATH`, `SECONDS`), nil for a flag.
    var value: String?
    /// Made when help or the docs ask for it: every command builds the whole table, and the one
    /// line that joins a list (`--avoid`'s) cost each cold `routeit route` 250,000 instructions.
    var help: String { helpText() }
    private let helpText: @Sendable () -> String
    /// The commands it applies to (`shell` is the interactive shell, `run` a replay);
    /// nil: every command.
    var commands: Set<String>?
    /// Completions for the value (`car walk`), for the shell completion scripts.
    var choices: [String] = []
    /// The value may be an installed map's name: the completions offer those (and files).
    var offersMapNames = false
    var apply: @Sendable (inout ShellOptions, String) throws -> Void

    init(_ names: [String], value: String? = nil, help: @autoclosure @escaping @Sendable () -> String, for commands: Set<String>? = nil,
         choices: [String] = [], offersMapNames: Bool = false,
         apply: @escaping @Sendable (inout ShellOptions, String) throws -> Void) {
        self.names = names
        self.value = value
        self.helpText = help
        self.commands = commands
        self.choices = choices
        self.offersMapNames = offersMapNames
        self.apply = apply
    }

    var displayName: String { names.last ?? "" }

    /// `--map PATH` or `-o, --output PATH`.
    var synopsis: String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    func applies(to command: String) -> Bool { commands?.contains(command) ?? true }
}
