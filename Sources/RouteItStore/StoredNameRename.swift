import RouteItCore

/// A stored trip or favourite name that is not yet its own NFC name (`SavedName`), and what it
/// becomes. Stores written before names were normalized may hold "café" twice (precomposed and
/// decomposed, or "CAFÉ" and "café"): one name to the planner, two rows to SQLite.
struct StoredNameRename: Equatable {
    var from: String
    var to: String

    /// The renames for `names` (newest first) that make every name NFC and each one its own:
    /// the newest of those that are one name keeps it, the others get " (2)", " (3)", ... (at
    /// most 80 characters, as a typed name), so each stays listed and can be opened or deleted.
    /// The renames that free a name come first, so applying them in order never collides.
    static func renames(_ names: [String]) -> [StoredNameRename] {
        var taken = Set<String>()
        var kept: [String] = []
        var apart: [String] = []
        for name in names {
            if taken.insert(SavedName.key(name)).inserted { kept.append(name) } else { apart.append(name) }
        }
        var renames: [StoredNameRename] = []
        for name in apart {
            let base = SavedName.normalized(name)
            var number = 2
            var new: String
            repeat {
                let suffix = " (\(number))"
                new = String(base.prefix(80 - suffix.count)) + suffix
                number += 1
            } while !taken.insert(SavedName.key(new)).inserted
            renames.append(StoredNameRename(from: name, to: new))
        }
        for name in kept where !SavedName.normalized(name).unicodeScalars.elementsEqual(name.unicodeScalars) {
            renames.append(StoredNameRename(from: name, to: SavedName.normalized(name)))
        }
        return renames
    }
}
