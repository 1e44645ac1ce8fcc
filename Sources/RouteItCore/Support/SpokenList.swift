/// Several things named in a sentence: `A`, `A and B`, `A, B and C`.
public enum SpokenList {
    public static func and(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
