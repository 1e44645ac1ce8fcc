import Foundation

/// `--name value` options and positional arguments of one subcommand.
struct BenchArguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]

    init(_ arguments: [String], allowed: Set<String>) {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                let name = String(a.dropFirst(2))
                guard allowed.contains(name) else { fail("unknown option \(a)", status: 2) }
                guard i + 1 < arguments.count else { fail("\(a) needs a value", status: 2) }
                options[name] = arguments[i + 1]
                i += 2
            } else {
                positional.append(a)
                i += 1
            }
        }
    }

    func string(_ name: String) -> String? { options[name] }

    func required(_ name: String) -> String {
        guard let value = options[name] else { fail("--\(name) is required", status: 2) }
        return value
    }

    func int(_ name: String, default value: Int) -> Int {
        guard let text = options[name] else { return value }
        guard let n = Int(text), n >= 0 else { fail("--\(name) must be a whole number, not '\(text)'", status: 2) }
        return n
    }
}
