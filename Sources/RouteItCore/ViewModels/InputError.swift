/// Bad input (unknown slot, a pick out of range, a malformed number): one clear line, and the state
/// is left exactly as it was.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
