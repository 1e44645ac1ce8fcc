import Foundation
import RouteItCore

/// Walks JSON text by byte ranges without building it: an object's members and an array's
/// elements as ranges, so a reader parses only the small values it needs. A GeoJSON export is
/// mostly route coordinates; built whole by JSONSerialization it took 35 times its size.
struct JSONSkimmer {
    let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data) }

    /// The members of the object at `range`, key and value range each, in order; nil when
    /// the range does not hold an object.
    func members(of range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        var i = skipSpace(range.lowerBound, range.upperBound)
        guard i < range.upperBound, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var result: [(key: String, value: Range<Int>)] = []
        while true {
            i = skipSpace(i, range.upperBound)
            guard i < range.upperBound else { return nil }
            if bytes[i] == UInt8(ascii: "}") { return result }
            if !result.isEmpty {
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i = skipSpace(i + 1, range.upperBound)
            }
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "\""), let keyEnd = valueEnd(i, range.upperBound),
                  let key = string(at: i..<keyEnd) else { return nil }
            i = skipSpace(keyEnd, range.upperBound)
            guard i < range.upperBound, bytes[i] == UInt8(ascii: ":") else { return nil }
            let start = skipSpace(i + 1, range.upperBound)
            guard let end = valueEnd(start, range.upperBound) else { return nil }
            result.append((key, start..<end))
            i = end
        }
    }

    /// The elements of the array at `range`; nil when it does not hold an array.
    func elements(of range: Range<Int>) -> [Range<Int>]? {
        var i = skipSpace(range.lowerBound, range.upperBound)
        guard i < range.upperBound, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var result: [Range<Int>] = []
        while true {
            i = skipSpace(i, range.upperBound)
            guard i < range.upperBound else { return nil }
            if bytes[i] == UInt8(ascii: "]") { return result }
            if !result.isEmpty {
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i = skipSpace(i + 1, range.upperBound)
            }
            guard let end = valueEnd(i, range.upperBound) else { return nil }
            result.append(i..<end)
            i = end
        }
    }

    /// The value at `range` built by JSONSerialization: for the small parts worth building.
    func value(at range: Range<Int>) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes[range]), options: [.fragmentsAllowed])
    }

    func string(at range: Range<Int>) -> String? { value(at: range) as? String }

    /// The number at `range` as the file writes it (`600`, `-1.5e3`); nil when the value there is
    /// anything else (`"600"`, `true`, `null`), which JSONSerialization would hand out as a number
    /// or a text alike.
    func number(at range: Range<Int>) -> String? {
        numeric(at: range) == nil ? nil : text(at: range)
    }

    /// The number at `range` when its value is whole, however written (`900`, `900.0`, `9e2`, as
    /// other tools write whole numbers); nil for any other value.
    func wholeNumber(at range: Range<Int>) -> Int? {
        guard let value = numeric(at: range)?.doubleValue, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// The value at `range` when it is written as a JSON number (a text or a boolean is not).
    private func numeric(at range: Range<Int>) -> NSNumber? {
        guard let first = range.first, bytes[first] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[first]) else { return nil }
        return value(at: range) as? NSNumber
    }

    /// The bytes at `range` as text, a value as written to name it in a refusal: one line, so a
    /// long one is cut as `QuotedInput` cuts one.
    func text(at range: Range<Int>) -> String {
        let text = String(decoding: bytes[range], as: UTF8.self)
        return text.count > QuotedInput.maxCharacters ? text.prefix(QuotedInput.maxCharacters) + "…" : text
    }

    var whole: Range<Int> { 0..<bytes.count }

    /// Where the value starting at `start` ends (one past it); nil when it is cut short.
    /// Nesting is counted, not recursed into, so a deep file cannot exhaust the stack.
    private func valueEnd(_ start: Int, _ limit: Int) -> Int? {
        bytes.withUnsafeBufferPointer { Self.valueEnd(in: $0, start, limit) }
    }

    /// On a raw buffer: this loop reads every byte of the file, and stays fast in a debug build.
    @_optimize(speed)
    private static func valueEnd(in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var i = start
        var depth = 0
        while i < limit {
            switch bytes[i] {
            case quote:
                i += 1
                while i < limit && bytes[i] != quote { i += bytes[i] == backslash ? 2 : 1 }
                guard i < limit else { return nil }
                i += 1
                if depth == 0 { return i }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return i }
                depth -= 1
                i += 1
                if depth == 0 { return i }
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"):
                if depth == 0 { return i }
                i += 1
            default:
                i += 1
            }
        }
        return depth == 0 && i > start ? i : nil
    }

    private func skipSpace(_ start: Int, _ limit: Int) -> Int {
        var i = start
        while i < limit {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): i += 1
            default: return i
            }
        }
        return i
    }
}
