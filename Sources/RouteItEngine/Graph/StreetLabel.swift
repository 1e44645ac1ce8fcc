import Foundation

/// A road's `name` and `ref` kept apart, compared the way OSRM's guidance compares them
/// (`requiresNameAnnounced`, `haveSameName`): a road that keeps its ref while its name comes or
/// goes ("A 500" into "Tunnel de Monaco, A 500"), keeps its name while the ref changes, or only
/// adds a compass suffix ("Main Street" → "Main Street North") is the same road to a navigator.
struct StreetLabel: Hashable, Sendable {
    var name: String
    var ref: String

    var isEmpty: Bool { name.isEmpty && ref.isEmpty }

    /// What the map shows for the road (`RoadNetwork.name(of:)`): its name, else its ref.
    var shown: String { name.isEmpty ? ref : name }

    /// Suffixes that do not make a new street (car.lua's `suffix_list`).
    static let suffixes: Set<String> = ["n", "ne", "e", "se", "s", "sw", "w", "nw",
                                        "north", "south", "west", "east", "nor", "sou", "we", "ea"]

    /// Whether driving from this road onto `next` changes the street a navigator names; a
    /// change of compass word counts only where the profile lists them (`suffixes`: bicycle.lua
    /// has no `suffix_list`, so to a cyclist "sj" onto "nj" is a new street).
    func requiresAnnouncement(onto next: StreetLabel, suffixes: CompassSuffixes = .car) -> Bool {
        if self == next { return false }
        // From nothing onto something is always news.
        if isEmpty && !next.isEmpty { return true }
        let namesEmpty = name.isEmpty && next.name.isEmpty
        let refsEmpty = ref.isEmpty && next.ref.isEmpty
        let refContained = ref.isEmpty || next.ref.isEmpty
            || StreetLabel.bytes(of: next.ref, occurIn: ref) || StreetLabel.bytes(of: ref, occurIn: next.ref)
        // A ref-only road onto a name-only road (and back), or a ref that changes on unnamed roads.
        let needsAnnouncement = name.isEmpty && !ref.isEmpty && !next.name.isEmpty && next.ref.isEmpty
            || !name.isEmpty && ref.isEmpty && next.name.isEmpty && !next.ref.isEmpty
            || namesEmpty && !refContained
        if needsAnnouncement { return true }
        // Names equal, or one starting with the other (an empty name starts every name); a
        // change of compass suffix alone also counts as equal, and makes the change obvious.
        let namesEqual = name == next.name || name.utf8.starts(with: next.name.utf8) || next.name.utf8.starts(with: name.utf8)
        let nameRemoved = !name.isEmpty && next.name.isEmpty
        let refRemoved = !ref.isEmpty && next.ref.isEmpty
        let obvious = namesEmpty && refsEmpty || namesEqual && (refContained || refsEmpty || refRemoved)
            || refContained && nameRemoved
        // The suffix test (a longest common substring) only when nothing cheaper decided.
        return !obvious && !StreetLabel.differOnlyBySuffix(name, next.name, suffixes: suffixes)
    }

    /// OSRM's `isSameName`: both roads have a name (a ref alone is not enough) and going from one
    /// to the other is no news.
    func isSameNamedStreet(as other: StreetLabel) -> Bool {
        !name.isEmpty && !other.name.isEmpty && !requiresAnnouncement(onto: other)
    }

    /// Both roads have a name or ref and going from one to the other is no news.
    func isSameStreet(as other: StreetLabel, suffixes: CompassSuffixes = .car) -> Bool {
        !isEmpty && !other.isEmpty && !requiresAnnouncement(onto: other, suffixes: suffixes)
    }

    /// The two names are the same once their longest common part is taken out, apart from
    /// compass suffixes or prefixes ("West Main Street" / "Main Street"). Compared as UTF-8
    /// bytes, as OSRM compares its strings: a route asks this at every change of street, and
    /// `Character`s cost far more.
    static func differOnlyBySuffix(_ a: String, _ b: String, suffixes: CompassSuffixes = .car) -> Bool {
        let x = lowercasedBytes(a), y = lowercasedBytes(b)
        let isSuffix = { (part: ArraySlice<UInt8>) in StreetLabel.isSuffix(part, of: suffixes) }
        guard !x.isEmpty, !y.isEmpty else { return isSuffix(x[...]) && isSuffix(y[...]) }
        guard coreOccurs(of: x, in: y, longest: suffixes.longest) && coreOccurs(of: y, in: x, longest: suffixes.longest) else { return false }
        // Longest common substring by dynamic programming (names are short).
        var previous = [Int](repeating: 0, count: y.count + 1), current = previous
        var best = 0, endInX = 0, endInY = 0
        for i in 1...x.count {
            for j in 1...y.count {
                current[j] = x[i - 1] == y[j - 1] ? previous[j - 1] + 1 : 0
                if current[j] > best { best = current[j]; endInX = i; endInY = j }
            }
            swap(&previous, &current)
        }
        guard best > 0 else { return isSuffix(x[...]) && isSuffix(y[...]) }
        return isSuffix(x[..<(endInX - best)]) && isSuffix(x[endInX...])
            && isSuffix(y[..<(endInY - best)]) && isSuffix(y[endInY...])
    }

    /// `s.lowercased()`'s UTF-8 bytes, made as `lowercased()` makes them (each scalar's full
    /// lowercase mapping, no context) without making a string: ASCII letters in place, only the
    /// other scalars (a French name's accented letters) looked up. `lowercased()` looks up every
    /// scalar of a name that is not all ASCII, a quarter of a route's name comparisons.
    static func lowercasedBytes(_ s: String) -> [UInt8] {
        var bytes = Array(s.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return lowercasedScalars(s) }
        for k in bytes.indices where bytes[k] >= UInt8(ascii: "A") && bytes[k] <= UInt8(ascii: "Z") {
            bytes[k] += UInt8(ascii: "a") - UInt8(ascii: "A")
        }
        return bytes
    }

    private static func lowercasedScalars(_ s: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                let b = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + (UInt8(ascii: "a") - UInt8(ascii: "A")) : b)
            } else {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return bytes
    }

    /// A profile's `suffix_list`, as bytes.
    struct CompassSuffixes: Sendable {
        let bytes: [[UInt8]]
        let longest: Int
        init(_ words: Set<String>) {
            bytes = words.map { Array($0.utf8) }
            longest = bytes.map(\.count).max() ?? 0
        }
        /// car.lua's list (foot.lua's lacks its four abbreviations).
        static let car = CompassSuffixes(StreetLabel.suffixes)
        /// bicycle.lua sets no `suffix_list`.
        static let none = CompassSuffixes([])
    }

    /// The cheap rule-out of `differOnlyBySuffix` (most pairs of names asked are two different
    /// streets): outside the common part a name keeps at most one suffix word before it and one
    /// after it, so all of `x` but its first and last `longestSuffix` bytes other than spaces
    /// lies in the common part, and so occurs in `y`.
    private static func coreOccurs(of x: [UInt8], in y: [UInt8], longest longestSuffix: Int) -> Bool {
        let space = UInt8(ascii: " ")
        var seen = 0, lo = x.count
        for k in x.indices where x[k] != space {
            if seen == longestSuffix { lo = k; break }
            seen += 1
        }
        seen = 0
        var hi = -1
        for k in x.indices.reversed() where x[k] != space {
            if seen == longestSuffix { hi = k; break }
            seen += 1
        }
        guard lo <= hi else { return true }
        return x[lo...hi].withUnsafeBufferPointer { core in y.withUnsafeBufferPointer { occurs(core, in: $0) } }
    }

    /// Whether `part`'s UTF-8 bytes occur in `whole`'s, as OSRM's `std::string::find` asks
    /// (Foundation's `contains` runs a locale-aware search, many times the cost on short refs).
    static func bytes(of part: String, occurIn whole: String) -> Bool {
        let p = part.utf8, w = whole.utf8
        guard p.count <= w.count else { return false }
        let found = w.withContiguousStorageIfAvailable { wb in
            p.withContiguousStorageIfAvailable { pb in occurs(pb, in: wb) }
        }
        return (found ?? nil) ?? Array(w).withUnsafeBufferPointer { wb in Array(p).withUnsafeBufferPointer { occurs($0, in: wb) } }
    }

    private static func occurs(_ part: UnsafeBufferPointer<UInt8>, in whole: UnsafeBufferPointer<UInt8>) -> Bool {
        guard part.count <= whole.count else { return false }
        if part.isEmpty { return true }
        for start in 0...(whole.count - part.count) where memcmp(whole.baseAddress! + start, part.baseAddress!, part.count) == 0 {
            return true
        }
        return false
    }

    /// Nothing but spaces, or one suffix word between them.
    private static func isSuffix(_ part: ArraySlice<UInt8>, of suffixes: CompassSuffixes) -> Bool {
        var lo = part.startIndex, hi = part.endIndex
        while lo < hi && part[lo] == UInt8(ascii: " ") { lo += 1 }
        while hi > lo && part[hi - 1] == UInt8(ascii: " ") { hi -= 1 }
        return lo == hi || suffixes.bytes.contains { $0[...] == part[lo..<hi] }
    }
}
