/// What the user typed, quoted back in a message: whole when short, else its start and an
/// ellipsis, so a 100 KB argument is not printed back 100 KB long.
public enum QuotedInput {
    public static let maxCharacters = 80

    /// `"Annankatu 25"`; `"xxxx…" (100000 characters)` past `maxCharacters`.
    public static func text(_ input: String) -> String {
        guard input.count > maxCharacters else { return "\"\(input)\"" }
        return "\"\(input.prefix(maxCharacters))…\" (\(input.count) characters)"
    }
}
