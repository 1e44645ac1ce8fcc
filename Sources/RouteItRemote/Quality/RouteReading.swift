import Foundation
import RouteItCore

/// What a navigator step says, read back from its sentence: both engines' steps are rendered by
/// `InstructionText`, so reading the sentence compares them on exactly what the user sees.
public struct StepReading: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case depart, turn, uTurn, fork, roundabout, `continue`, merge, arrive
    }

    public var kind: Kind
    /// The street the step is on ("" when the sentence names none).
    public var name: String

    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    public init(_ instruction: String) {
        func after(_ marker: String) -> String {
            guard let r = instruction.range(of: marker, options: .backwards) else { return "" }
            return String(instruction[r.upperBound...])
        }
        if instruction.hasPrefix("Head ") || instruction.hasPrefix(StopTurnaround.turnAroundPrefix) {
            kind = .depart
            name = after(" on ")
        } else if instruction.hasPrefix("Arrive") {
            kind = .arrive
            name = ""
        } else if instruction.hasPrefix("Make a U-turn") || instruction.hasPrefix("Turn around") {
            // "Turn around onto X": OSRM's `turn uturn`, a U-turn all the same.
            kind = .uTurn
            name = after(" onto ")
        } else if instruction.hasPrefix("Keep ") {
            kind = .fork
            name = after(" onto ")
        } else if instruction.hasPrefix("At the roundabout") || instruction.hasPrefix("Enter ") {
            // Roundabouts, roundabout turns and rotaries.
            kind = .roundabout
            name = after(" onto ")
        } else if instruction.hasPrefix("Turn "), instruction.contains(" to stay on ") {
            // "Turn left to stay on X": the street goes on by turning.
            kind = .turn
            name = after(" to stay on ")
            // Unnamed: "Turn left to stay on the road (push your bike)".
            if name == "the road" || name.hasPrefix("the road (") { name = "" }
        } else if instruction.hasPrefix("Continue") {
            kind = .continue
            name = after(" onto ")
        } else if instruction.hasPrefix("Merge") {
            kind = .merge
            name = after(" onto ")
        } else {
            kind = .turn
            name = after(" onto ")
        }
    }
}

extension Route {
    /// Every step read back.
    public var readings: [StepReading] { steps.map { StepReading($0.instruction) } }

    /// The streets the route is on in order, as its steps name them: unnamed steps skipped,
    /// repeats in a row merged.
    public var streetSequence: [String] {
        var out: [String] = []
        for r in readings where !r.name.isEmpty && out.last != r.name { out.append(r.name) }
        return out
    }
}
