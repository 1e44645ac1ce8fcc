/// Text from map data or a server made safe to print on a terminal: escape sequences (CSI, OSC,
/// DCS, ... whose payload could retitle or clear the terminal), C0 and C1 control characters and
/// DEL are removed; tabs and line breaks become a space, since every such string is shown on one
/// line. The one place this is done: where outside text enters the view models, the screens'
/// alerts and the command-line tools.
public enum TerminalSafeText {
    public static func clean(_ text: String) -> String {
        // Fast path: nearly every name is clean.
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x1B:
                pending = skipEscapeSequence(after: &scalars, next: pending)
            case 0x9B: // C1 CSI: parameters and a final byte follow
                pending = skipControlSequence(&scalars, next: pending)
            case 0x90, 0x9D, 0x9E, 0x9F, 0x98: // C1 DCS, OSC, PM, APC, SOS: a string up to ST
                pending = skipControlString(&scalars, next: pending)
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            default:
                if !isControl(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// C0, DEL and C1, and the bidirectional controls (U+202E would show a name backwards and
    /// reorder the rest of the line).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A whole screen or message cleaned for the terminal in one pass, keeping its layout: line
    /// breaks stay, and so do the colour codes RouteIt's own styles use (SGR reset, bold, dim and
    /// the foreground colours, `ESC [ ... m`); every other escape sequence, control or bidi
    /// character goes, among them the SGR codes that hide or disguise text (conceal, reverse,
    /// blink) should a file or map name carry them. Everything the shell and the tools print
    /// passes through here.
    public static func cleanKeepingLayout(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        var out = ""
        var rest = Substring(text)
        while let sgr = rest.range(of: Self.ownColour, options: .regularExpression) {
            out += cleanLines(rest[..<sgr.lowerBound])
            out += rest[sgr]
            rest = rest[sgr.upperBound...]
        }
        return out + cleanLines(rest)
    }

    /// `ESC [ m`, `ESC [ 0 m`, bold `1`, dim `2`, a foreground colour `30`-`37` or `90`-`97`, each
    /// perhaps after a reset (`0;34`): what `TextStyle` and the map canvas write.
    private static let ownColour = "\u{1B}\\[(?:0;)?(?:[012]|3[0-7]|9[0-7])?m"

    private static func cleanLines(_ text: Substring) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { clean(String($0)) }.joined(separator: "\n")
    }

    /// After ESC: `[` starts a control sequence; `]`, `P`, `^`, `_`, `X` a control string;
    /// an intermediate byte (0x20–0x2F) run ends at its final byte; anything else is one
    /// character long.
    private static func skipEscapeSequence(after scalars: inout String.UnicodeScalarView.Iterator,
                                           next: Unicode.Scalar?) -> Unicode.Scalar? {
        guard let introducer = next else { return nil }
        switch introducer {
        case "[": return skipControlSequence(&scalars, next: scalars.next())
        case "]", "P", "^", "_", "X": return skipControlString(&scalars, next: scalars.next())
        default:
            var current: Unicode.Scalar? = introducer
            while let c = current, (0x20...0x2F).contains(c.value) { current = scalars.next() }
            // `current` is the final byte (dropped); a control character there starts anew.
            guard let final = current else { return nil }
            return isControl(final) ? final : scalars.next()
        }
    }

    /// CSI parameters (0x30–0x3F) and intermediates (0x20–0x2F) up to a final byte (0x40–0x7E).
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator,
                                            next: Unicode.Scalar?) -> Unicode.Scalar? {
        var current = next
        while let c = current {
            if (0x40...0x7E).contains(c.value) { return scalars.next() }
            guard (0x20...0x3F).contains(c.value) else { return c }
            current = scalars.next()
        }
        return nil
    }

    /// A control string ends at BEL, ESC \ or C1 ST; an unterminated one runs to the end.
    private static func skipControlString(_ scalars: inout String.UnicodeScalarView.Iterator,
                                          next: Unicode.Scalar?) -> Unicode.Scalar? {
        var current = next
        while let c = current {
            switch c.value {
            case 0x07, 0x9C: return scalars.next()
            case 0x1B:
                let after = scalars.next()
                return after == "\\" ? scalars.next() : after
            default: current = scalars.next()
            }
        }
        return nil
    }
}

extension Placemark {
    /// The same place with every text field cleaned for the terminal.
    public var terminalSafe: Placemark {
        var place = Placemark(name: name.map(TerminalSafeText.clean), houseNumber: houseNumber.map(TerminalSafeText.clean),
                              street: street.map(TerminalSafeText.clean), postalCode: postalCode.map(TerminalSafeText.clean),
                              city: city.map(TerminalSafeText.clean), coordinate: coordinate,
                              openingHours: openingHours.map(TerminalSafeText.clean), country: country.map(TerminalSafeText.clean),
                              countryCode: countryCode.map(TerminalSafeText.clean), category: category.map(TerminalSafeText.clean),
                              importance: importance, suburb: suburb.map(TerminalSafeText.clean))
        place.osm = osm
        place.districts = AddressDistricts(neighbourhood: districts.neighbourhood.map(TerminalSafeText.clean),
                                           quarter: districts.quarter.map(TerminalSafeText.clean),
                                           suburb: districts.suburb.map(TerminalSafeText.clean), isKnown: districts.isKnown)
        place.missingHouseNumber = missingHouseNumber.map(TerminalSafeText.clean)
        place.otherPostcodeAsked = otherPostcodeAsked.map(TerminalSafeText.clean)
        return place
    }
}

extension MapItem {
    public var terminalSafe: MapItem {
        MapItem(placemark: placemark.terminalSafe, name: name.map(TerminalSafeText.clean))
    }
}

extension Route {
    /// The same route with its name, instructions and street names cleaned for the terminal.
    public var terminalSafe: Route {
        var route = self
        route.name = TerminalSafeText.clean(name)
        route.departureStreet = departureStreet.map(TerminalSafeText.clean)
        route.arrivalStreet = arrivalStreet.map(TerminalSafeText.clean)
        route.steps = steps.map { step in
            var step = step
            step.instruction = TerminalSafeText.clean(step.instruction)
            return step
        }
        return route
    }
}
