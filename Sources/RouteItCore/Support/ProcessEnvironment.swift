import Foundation

/// The process's environment variables, read from `environ` as they are now (a `setenv` is
/// seen), as `ProcessInfo.processInfo.environment` gives them but without its cost: each of its
/// reads copied the whole environment through Foundation's string bridging, some 350,000
/// instructions, and a cold `routeit route` read it five times before it routed.
public enum ProcessEnvironment {
    /// Every variable, name to value (the first of a name given twice, as `getenv` finds it).
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// The variables of these names that are set: what a reader of only those needs, without
    /// copying every other (a whole copy still cost 160,000 instructions).
    public static func variables(named names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names { result[name] = value(name) }
        return result
    }

    /// One variable's value, nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
