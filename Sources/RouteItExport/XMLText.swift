import RouteItCore

/// Text made safe for XML 1.0 content and attribute values: the five special characters become
/// entities, and characters XML 1.0 forbids (most C0 controls) are dropped, because a parser
/// rejects the whole file for one of them (an address is user-visible data of any origin).
/// Control and bidi characters are cleaned as the screen cleans them (`TerminalSafeText`): a
/// file shows a name as RouteIt does, and opening it again gives the same name.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in TerminalSafeText.clean(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                let allowed = (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
