import Foundation

/// Writes the one-line JSON objects the subcommands print for Scripts/bench.
enum JSONValue {
    /// Rounded to microsecond precision for milliseconds and friends; NaN/∞ become null.
    static func number(_ value: Double) -> Any {
        value.isFinite ? (value * 1_000_000).rounded() / 1_000_000 : NSNull()
    }

    static func print(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
              let text = String(data: data, encoding: .utf8) else {
            fail("cannot encode the result as JSON")
        }
        Swift.print(text)
    }
}

/// One-line error on stderr and exit status 1 (bad arguments exit 2 through `BenchArguments`).
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("routeit-bench: \(message)\n".utf8))
    exit(status)
}
