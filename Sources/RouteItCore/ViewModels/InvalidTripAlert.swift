import Foundation

extension EntryViewModel {
    /// Why the trip cannot be routed yet: the product's settled sentence (`Alert.invalidTrip`),
    /// word for word, then, when a slot is typed but its place never chosen, which slot and the
    /// command that chooses it, on the same line. An empty trip gets the sentence alone.
    public var invalidTripAlert: Alert {
        var advice: [String] = []
        if !start.isSelected, let text = Self.typedText(start) {
            advice.append("\(Self.label(forSlotAt: 0)) (\(QuotedInput.text(text))) has no chosen place; enter 1 to choose one.")
        }
        if !stops.contains(where: \.isSelected) {
            let typed = stops.indices.compactMap { index in Self.typedText(stops[index]).map { (slot: index + 1, text: $0) } }
            if let first = typed.first {
                let named = typed.map { "\(Self.label(forSlotAt: $0.slot)) (\(QuotedInput.text($0.text)))" }.joined(separator: ", ")
                advice.append("No stop has a chosen place: \(named); enter \(first.slot + 1) to choose one.")
            }
        }
        return Alert(([Alert.invalidTrip.message] + advice).joined(separator: " "))
    }

    /// A slot's text when it has some (blanks are an empty slot).
    private static func typedText(_ slot: EntrySlot) -> String? {
        let text = slot.text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
