/// The inverse of `InstructionText.sentence`: reads a step's sentence back into its maneuver, so
/// a route whose steps carry only their text (the embedded router's) can still be written in
/// OSRM's structured form. Round-trips every sentence `sentence(for:)` can produce (tested);
/// the depart bearing comes back as its compass point's centre.
extension InstructionText {
    public static func maneuver(from sentence: String) -> Maneuver? {
        if sentence.hasSuffix(pushingSuffix), var pushed = maneuver(from: String(sentence.dropLast(pushingSuffix.count))) {
            pushed.travel = .pushing
            return pushed
        }
        if sentence == ferrySentence { return Maneuver(kind: .continue, travel: .ferry) }
        if sentence.hasPrefix(ferrySentence + " ("), sentence.hasSuffix(")") {
            let name = sentence.dropFirst(ferrySentence.count + 2).dropLast()
            return Maneuver(kind: .continue, streetName: String(name), travel: .ferry)
        }
        var text = Substring(sentence)
        func take(_ prefix: String) -> Bool {
            guard text.hasPrefix(prefix) else { return false }
            text = text.dropFirst(prefix.count)
            return true
        }
        /// " onto NAME" at the end (or nothing), leaving the part before it in `text`.
        func trailingName(_ marker: String) -> String? {
            guard let range = text.range(of: marker) else { return nil }
            let name = String(text[range.upperBound...])
            text = text[..<range.lowerBound]
            return name.isEmpty ? nil : name
        }
        if sentence == "Arrive at your destination" { return Maneuver(kind: .arrive) }
        if sentence == "Make a U-turn" { return Maneuver(kind: .uTurn, direction: .uTurn) }
        if take("Head ") {
            let name = trailingName(" on ")
            let words = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
            let bearing = words.firstIndex(of: String(text)).map { Double($0) * 45 }
            guard bearing != nil || text == "out" else { return nil }
            return Maneuver(kind: .depart, streetName: name, bearing: bearing)
        }
        let name = trailingName(" onto ")
        if text == "Continue" { return Maneuver(kind: name == nil ? .continue : .newName, direction: .straight, streetName: name) }
        if text == "Merge" { return Maneuver(kind: .merge, streetName: name) }
        if text == "Enter the roundabout" { return Maneuver(kind: .roundabout, streetName: name) }
        if take("At the roundabout, take the ") {
            guard text.hasSuffix(" exit"), let exit = Int(text.dropLast(" exit".count).prefix { $0.isNumber }) else { return nil }
            return Maneuver(kind: .roundabout, streetName: name, exitNumber: exit)
        }
        if take("Keep "), text.hasSuffix(" at the fork") {
            let side = text.dropLast(" at the fork".count)
            let direction: Maneuver.Direction = side == "left" ? .slightLeft : side == "right" ? .slightRight : .straight
            return Maneuver(kind: .fork, direction: direction, streetName: name)
        }
        if take("Turn ") {
            let directions: [String: Maneuver.Direction] = [
                "sharp left": .sharpLeft, "left": .left, "slight left": .slightLeft, "straight": .straight,
                "slight right": .slightRight, "right": .right, "sharp right": .sharpRight, "around": .uTurn,
            ]
            guard let direction = directions[String(text)] else { return nil }
            return Maneuver(kind: .turn, direction: direction, streetName: name)
        }
        return nil
    }
}
