import RouteItCore

/// The address picker: `1. <address>` ... `N. None of the above`.
public enum AddressPickerScreen {
    public static func render(_ picker: AddressPickerViewModel, style: TextStyle = .plain) -> String {
        let slot = EntryViewModel.label(forSlotAt: picker.slotIndex)
        var lines = [style.bold("Choose the address for \(slot)") + style.dim(" (\"\(picker.query)\"):")]
        for (index, row) in picker.rows.enumerated() {
            lines.append("\(index + 1). \(index == picker.rows.count - 1 ? style.dim(row) : row)")
        }
        return lines.joined(separator: "\n")
    }
}
