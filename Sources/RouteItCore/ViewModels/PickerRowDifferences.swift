/// What tells identical picker rows apart ("Annankatu, 00120 Helsinki" twice: two streets of
/// that name in one postcode): first the district each lies in and what each is (a street, a
/// bus stop), where those differ within the group; then, with a current location, how far each
/// is, and without one, where each lies from the first of them ("400 m south of 1") when the
/// district and kind did not tell it apart. Rows that differ get no note.
enum PickerRowDifferences {
    /// Per row, its note, or nil when no other row reads the same.
    static func notes(for rows: [Placemark], near: Coordinate?, unit: DistanceUnit) -> [String?] {
        var groups: [String: [Int]] = [:]
        for (index, row) in rows.enumerated() { groups[row.formattedAddress, default: []].append(index) }
        return rows.enumerated().map { index, row in
            guard let group = groups[row.formattedAddress], group.count > 1, let first = group.first else { return nil }
            // Only what varies within the group says anything ("Kluuvi" on every row does not).
            let differs = { (words: [String?]) in Set(words.map { $0 ?? "" }).count > 1 }
            let suburbs = group.map { rows[$0].suburb }, kinds = group.map { rows[$0].kindWord }
            var parts: [String] = []
            if differs(suburbs), let suburb = row.suburb { parts.append(suburb) }
            if differs(kinds) { parts.append(row.kindWord) }
            let told = group.filter { other in
                (!differs(suburbs) || rows[other].suburb == row.suburb) && (!differs(kinds) || rows[other].kindWord == row.kindWord)
            }.count == 1
            if let near, near.isValid {
                parts.append("\(unit.roughly(metres: near.distance(to: row.coordinate))) away")
            } else if !told, index != first {
                let from = rows[first].coordinate
                let direction = InstructionText.compassWord(forBearing: Geodesy.bearing(from, row.coordinate))
                parts.append("\(unit.roughly(metres: from.distance(to: row.coordinate))) \(direction) of \(first + 1)")
            }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
    }
}

extension Placemark {
    /// What the place is, in a word or two: `bus stop` for `highway=bus_stop`, else a street,
    /// an address or a place.
    var kindWord: String {
        if let category, let value = category.split(separator: "=", maxSplits: 1).last, category != "place" {
            return value.replacingOccurrences(of: "_", with: " ")
        }
        if category == "place" { return "place" }
        if name == nil, houseNumber != nil { return "address" }
        if name == nil, street != nil { return "street" }
        return "place"
    }
}
