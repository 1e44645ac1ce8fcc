import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's cost (a bridge and a
    /// character set per call) when there is nothing to trim, as for almost every OSM tag value:
    /// an ASCII character is whitespace only if it is a space or a tab.
    func trimmingWhitespace() -> String {
        if let first = unicodeScalars.first, let last = unicodeScalars.last, first.isASCII, last.isASCII,
           first != " ", first != "\t", last != " ", last != "\t" {
            return String(self)
        }
        return trimmingCharacters(in: .whitespaces)
    }
}
