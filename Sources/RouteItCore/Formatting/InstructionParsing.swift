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
        if let aboard = aboardManeuver(from: sentence) { return aboard }
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
        if take("Make a U-turn") {
            let name = trailingName(" onto ")
            guard text.isEmpty else { return nil }
            return Maneuver(kind: .uTurn, direction: .uTurn, streetName: name)
        }
        // A leg leaving its stop back the way the leg before arrived (`StopTurnaround`).
        if take(StopTurnaround.turnAroundPrefix) || take("Head ") {
            let name = trailingName(" on ")
            let words = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
            let bearing = words.firstIndex(of: String(text)).map { Double($0) * 45 }
            guard bearing != nil || text == "out" else { return nil }
            return Maneuver(kind: .depart, streetName: name, bearing: bearing)
        }
        // "Turn left to stay on X" (OSRM's `continue left`) names its street after " on ".
        if take("Turn "), let range = text.range(of: " to stay on "), let direction = turnDirections[String(text[..<range.lowerBound])] {
            let street = String(text[range.upperBound...])
            return Maneuver(kind: .continue, direction: direction, streetName: street == "the road" ? nil : street)
        }
        text = Substring(sentence)
        let name = trailingName(" onto ")
        if text == "Continue" { return Maneuver(kind: name == nil ? .continue : .newName, direction: .straight, streetName: name) }
        if text == "Go straight" { return Maneuver(kind: .turn, direction: .straight, streetName: name) }
        if take("Continue ") {
            guard let direction = adverbs[String(text)] else { return nil }
            return Maneuver(kind: .newName, direction: direction, streetName: name)
        }
        // Leaving a ferry straight on says no direction.
        if text == leaveSentence { return Maneuver(kind: .notification, direction: .straight, streetName: name) }
        for (base, kind) in Self.adverbKinds where text == base || text.hasPrefix(base + " ") {
            let rest = text.dropFirst(base.count).drop { $0 == " " }
            if rest.isEmpty { return Maneuver(kind: kind, streetName: name) }
            guard let direction = adverbs[String(rest)] else { return nil }
            return Maneuver(kind: kind, direction: direction, streetName: name)
        }
        if text == "Enter the roundabout" { return Maneuver(kind: .roundabout, streetName: name) }
        if take("At the roundabout, take the ") {
            guard let exit = exitNumber(text) else { return nil }
            return Maneuver(kind: .roundabout, streetName: name, exitNumber: exit)
        }
        if take("At the roundabout, turn ") {
            let parts = text.components(separatedBy: " at the ")
            guard let direction = turnDirections[parts[0]], parts.count <= 2 else { return nil }
            let exit = parts.count == 2 ? exitNumber(Substring(parts[1])) : nil
            if parts.count == 2 && exit == nil { return nil }
            return Maneuver(kind: .roundaboutTurn, direction: direction, streetName: name, exitNumber: exit)
        }
        if take("At the end of the road, turn ") {
            guard let direction = turnDirections[String(text)] else { return nil }
            return Maneuver(kind: .endOfRoad, direction: direction, streetName: name)
        }
        if take("Enter ") {
            // A rotary: "Enter Etoile and take the 2nd exit", "Enter the traffic circle".
            let parts = text.components(separatedBy: " and take the ")
            guard parts.count <= 2, !parts[0].isEmpty else { return nil }
            let exit = parts.count == 2 ? exitNumber(Substring(parts[1])) : nil
            if parts.count == 2 && exit == nil { return nil }
            return Maneuver(kind: .rotary, streetName: name, exitNumber: exit,
                            rotaryName: parts[0] == unnamedRotary ? nil : parts[0])
        }
        if take("Keep "), text.hasSuffix(" at the fork") {
            let side = text.dropLast(" at the fork".count)
            let direction: Maneuver.Direction = side == "left" ? .slightLeft : side == "right" ? .slightRight : .straight
            return Maneuver(kind: .fork, direction: direction, streetName: name)
        }
        if take("Turn ") {
            guard let direction = turnDirections[String(text)] else { return nil }
            return Maneuver(kind: .turn, direction: direction, streetName: name)
        }
        return nil
    }

    /// A step onto or on a ferry or train: "Take the ferry (X)", "Board the ferry right (X)",
    /// "Turn left and take the train (X)"; the name is all of the last brackets.
    private static func aboardManeuver(from sentence: String) -> Maneuver? {
        var text = Substring(sentence)
        var name: String?
        if text.hasSuffix(")"), let open = text.range(of: " (") {
            name = String(text[open.upperBound...].dropLast())
            text = text[..<open.lowerBound]
        }
        for travel in [Maneuver.Travel.ferry, .train] {
            guard let vehicle = travel.vehicle, text.contains(vehicle) else { continue }
            let take = takeSentence(vehicle), board = boardSentence(vehicle), joined = andTake(vehicle)
            if text == take { return Maneuver(kind: .continue, streetName: name, travel: travel) }
            if text == board { return Maneuver(kind: .notification, direction: .straight, streetName: name, travel: travel) }
            if text.hasPrefix(board + " "), let direction = adverbs[String(text.dropFirst(board.count + 1))] {
                return Maneuver(kind: .notification, direction: direction, streetName: name, travel: travel)
            }
            guard text.hasSuffix(joined), var boarding = maneuver(from: String(text.dropLast(joined.count))),
                  boarding.streetName == nil, boarding.travel == nil else { continue }
            boarding.streetName = name
            boarding.travel = travel
            return boarding
        }
        return nil
    }

    /// The maneuvers said as a verb with an optional adverb ("Take the exit slightly right").
    private static let adverbKinds: [(String, Maneuver.Kind)] = [
        ("Merge", .merge), ("Take the ramp", .onRamp), ("Take the exit", .offRamp),
        ("Exit the roundabout", .exitRoundabout), ("Exit " + unnamedRotary, .exitRotary), (leaveSentence, .notification),
    ]

    private static let allDirections: [Maneuver.Direction] = [.sharpLeft, .left, .slightLeft, .straight, .slightRight, .right, .sharpRight, .uTurn]
    private static var turnDirections: [String: Maneuver.Direction] {
        Dictionary(uniqueKeysWithValues: allDirections.map { (turnWords($0), $0) })
    }
    private static var adverbs: [String: Maneuver.Direction] {
        Dictionary(uniqueKeysWithValues: allDirections.map { (adverb($0), $0) })
    }

    /// "2nd exit" → 2.
    private static func exitNumber(_ text: Substring) -> Int? {
        guard text.hasSuffix(" exit") else { return nil }
        return Int(text.dropLast(" exit".count).prefix { $0.isNumber })
    }
}
