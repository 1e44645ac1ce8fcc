/// What tells identical picker rows apart ("Annankatu, 00120 Helsinki" twice: two streets of
/// that name in one postcode): with a current location, how far each is; without one, where
/// each lies from the first of them ("400 m south of 1"). Rows that differ get no note.
enum PickerRowDifferences {
    /// Per row, its note, or nil when no other row reads the same.
    static func notes(for rows: [Placemark], near: Coordinate?, unit: DistanceUnit) -> [String?] {
        var firstIndex: [String: Int] = [:]
        var count: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            if firstIndex[row.formattedAddress] == nil { firstIndex[row.formattedAddress] = index }
            count[row.formattedAddress, default: 0] += 1
        }
        return rows.enumerated().map { index, row in
            guard count[row.formattedAddress, default: 0] > 1, let first = firstIndex[row.formattedAddress] else { return nil }
            if let near, near.isValid { return "\(unit.roughly(metres: near.distance(to: row.coordinate))) away" }
            guard index != first else { return nil }
            let from = rows[first].coordinate
            let direction = InstructionText.compassWord(forBearing: Geodesy.bearing(from, row.coordinate))
            return "\(unit.roughly(metres: from.distance(to: row.coordinate))) \(direction) of \(first + 1)"
        }
    }
}
