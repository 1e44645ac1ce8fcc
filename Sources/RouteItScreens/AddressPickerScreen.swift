import RouteItCore

/// The address picker: `1. <address> (350 m away; recent; open until 18:00)` ... `N. None of the above`.
public enum AddressPickerScreen {
    public static func render(_ picker: AddressPickerViewModel, style: TextStyle = .plain) -> String {
        let slot = EntryViewModel.label(forSlotAt: picker.slotIndex)
        var lines = [style.bold("Choose the address for \(slot)") + style.dim(" (\"\(picker.query)\"):")]
        for (index, row) in picker.rows.enumerated() {
            guard index < picker.candidates.count else {
                lines.append("\(index + 1). \(style.dim(row))")
                continue
            }
            let notes = [picker.candidates[index].geocoderNote, picker.differences[index], picker.origins[index],
                         picker.hoursNotes[index]].compactMap { $0 }
            lines.append("\(index + 1). \(row)" + (notes.isEmpty ? "" : style.dim(" (\(notes.joined(separator: "; ")))")))
        }
        return lines.joined(separator: "\n")
    }
}
