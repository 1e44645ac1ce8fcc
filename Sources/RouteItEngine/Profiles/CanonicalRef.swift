import Foundation

/// A `ref` as OSRM's profiles pass it on (`canonicalizeStringList(ref, ";")` in car.lua,
/// foot.lua and bicycle.lua): the list's items trimmed and joined by "; ", so platform or route
/// numbers tagged "3;4" read "3; 4" as OSRM says them.
enum CanonicalRef {
    static func of(_ ref: String) -> String {
        guard ref.contains(";") else { return ref }
        return ref.split(separator: ";", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }
}
