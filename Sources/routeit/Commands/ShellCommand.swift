import RouteItCore

/// One shell command: its name, how to call it, what it does, how to complete its arguments,
/// and what it does to the session. Other parts of the app add commands by listing theirs in
/// `CommandTable`.
struct ShellCommand: Sendable {
    var name: String
    /// e.g. `type SLOT TEXT`.
    var usage: String
    var summary: String
    /// More on the command, for `help COMMAND` and the man page; nil when the summary says it all.
    var details: String? = nil
    /// Shown while it runs (on a terminal) and cancellable with Ctrl-C; nil for instant commands.
    var progressMessage: String? = nil
    /// The first Ctrl-C while its search runs asks the search to stop early and the command
    /// shows what it found (`Session.earlyStop`); any other Ctrl-C cancels it (`optimize`).
    var stopsEarlyOnInterrupt = false
    /// Completions for the argument at `position` (0-based), given the session.
    var completions: @Sendable (Session, Int) -> [String] = { _, _ in [] }
    var run: @Sendable (Session, CommandArguments) async throws -> Session.Output
}

extension ShellCommand {
    /// The one-line error for wrong arguments: `Usage: type SLOT TEXT`.
    static func usageErrorFor(_ usage: String) -> InputError { InputError("Usage: \(usage)") }
}

extension CommandArguments {
    /// The slot named by word `index` (0-based slot index).
    func slot(_ index: Int, in entry: EntryViewModel) throws -> Int {
        try entry.slotIndex(named: words[index])
    }

    /// Word `index` as a whole number.
    func integer(_ index: Int, what: String) throws -> Int {
        let word = words[index]
        guard let value = Int(word) else {
            // Digits past what a number holds are a whole number, only too large for any row or slot.
            let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.dropFirst() : Substring(word)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { throw InputError("\(what) \(QuotedInput.text(word)) is too large.") }
            throw InputError("\(what) must be a whole number, not \(QuotedInput.text(word)).")
        }
        return value
    }

    /// Word `index` as a decimal number (not `0x10`, `inf` or `nan`).
    func number(_ index: Int, what: String) throws -> Double {
        guard let value = DecimalNumber.parse(words[index]) else {
            throw InputError("\(what) must be a number, not \"\(words[index])\".")
        }
        return value
    }
}
