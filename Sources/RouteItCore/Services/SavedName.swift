import Foundation

/// The name of a saved trip or favourite, as the planner keeps and compares it. "café" typed
/// precomposed (U+00E9) and as e + U+0301 (a macOS file name, another keyboard) look the same
/// and are one name; so are "Café" and "CAFÉ" (any case, not only ASCII's, which is all SQLite's
/// NOCASE folds). The view model and every store use this one rule, so "replacing" is said
/// exactly when a name is replaced.
public enum SavedName {
    /// How a name is kept: Unicode NFC, so one name is always the same characters.
    public static func normalized(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
    }

    /// What two names are compared by: NFC, lower case (NFC again: lower-casing may decompose).
    public static func key(_ name: String) -> String {
        normalized(normalized(name).lowercased())
    }

    public static func same(_ a: String, _ b: String) -> Bool {
        key(a).unicodeScalars.elementsEqual(key(b).unicodeScalars)
    }
}
