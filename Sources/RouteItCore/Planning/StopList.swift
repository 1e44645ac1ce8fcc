import Foundation

/// One stop of a stop list (`stops FILE`, `routeit route --stops FILE`): where (an address or
/// LAT,LON), what to call it, and its plan for the day.
public struct StopListLine: Equatable, Sendable {
    /// The line of the file it came from (from 1), for messages.
    public var line: Int
    public var query: String
    public var name: String?
    public var stay: TimeInterval = 0
    public var windows: [VisitWindow] = []
    public var priority: StopPriority = .normal
}

/// Reads a stop list: one address or LAT,LON a line (`#` comments and blank lines skipped), or
/// CSV whose first line names its columns (`name`, `address`, `window`, `stay`, `priority`, and
/// `lat`/`latitude` with `lon`/`lng`/`long`/`longitude`: where a row has them, the place; an
/// address, a name or the coordinates in each row; other columns are ignored; a quoted field
/// may hold a line break, read as a space, as RFC 4180 and Excel's Alt+Enter write it). Every
/// problem is one line naming the file's line; more stops than a trip holds is refused before
/// anything is looked up.
public enum StopList {
    /// Larger files are refused unread: 200 stops fit in far less.
    public static let maxBytes = 1 << 20

    /// A list's stops and what to tell of the file: a `#` line between CSV rows that may be a
    /// row (it holds the separator: `#1 Pizza,Annankatu 25`) is skipped as a comment, and said.
    public struct Read: Sendable {
        public var lines: [StopListLine]
        public var notes: [String]
    }

    /// The column names a latitude and a longitude go by in place-list exports.
    static let latitudeNames = ["lat", "latitude"], longitudeNames = ["lon", "lng", "long", "longitude"]

    public static func parse(_ text: String, maxStops: Int = EntryViewModel.maximumStopCount) throws -> [StopListLine] {
        try read(text, maxStops: maxStops).lines
    }

    public static func read(_ text: String, maxStops: Int = EntryViewModel.maximumStopCount) throws -> Read {
        // A lone CR ends a line too: Excel for Mac's "CSV (Macintosh)" writes no other.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        var content = lines.enumerated().filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty && !$0.element.hasPrefix("#") }
        // Excel's `sep=;` first line names the separator; the header follows it.
        var named: Character?
        if let hint = content.first?.element, hint.count == 5, hint.lowercased().hasPrefix("sep=") {
            named = hint.last
            content.removeFirst()
        }
        guard let first = content.first else { throw InputError("The list has no stops: one address or LAT,LON a line, or CSV with an address column.") }
        let separator = try named ?? self.separator(ofHeader: first.element, line: first.offset + 1)
        let header = try fields(first.element, line: first.offset + 1, separator: separator).map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        let isCSV = namesColumns(header)
        let (rows, skipped) = isCSV ? records(lines, after: first.offset, separator: separator) : (content, [])
        // Counted over the stops, not the lines: a name with a line break is one stop.
        guard rows.count <= maxStops else {
            throw InputError("The list has \(rows.count) stops; a trip has at most \(maxStops).")
        }
        guard isCSV else {
            return Read(lines: rows.map { StopListLine(line: $0.offset + 1, query: $0.element.trimmingCharacters(in: .whitespaces)) }, notes: [])
        }
        guard !rows.isEmpty else { throw InputError("The list has no stops: its header is its only line.") }
        if let repeated = header.enumerated().first(where: { !$0.element.isEmpty && header[..<$0.offset].contains($0.element) }) {
            throw InputError("Line \(first.offset + 1): the header names the \"\(repeated.element)\" column twice; name each column once.")
        }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        func column(_ names: [String]) -> Int? { header.firstIndex(where: names.contains) }
        let (nameAt, addressAt, windowAt, stayAt, priorityAt) = (column("name"), column("address"), column("window"), column("stay"), column("priority"))
        let (latitudeAt, longitudeAt) = (column(latitudeNames), column(longitudeNames))
        if (latitudeAt == nil) != (longitudeAt == nil) {
            let (has, lacks) = latitudeAt != nil ? ("latitude", "longitude") : ("longitude", "latitude")
            throw InputError("Line \(first.offset + 1): the header names a \(has) column but no \(lacks) column; name both (lat and lon).")
        }
        let notes = skipped.map { line in
            let firstField = line.element.split(separator: separator, maxSplits: 1).first.map(String.init) ?? line.element
            return "line \(line.offset + 1) (\(line.element)) starts with # and is skipped as a comment; to make it a stop, quote its first field: \"\(firstField.trimmingCharacters(in: .whitespaces))\"."
        }
        let stops: [StopListLine] = try rows.map { row in
            let number = row.offset + 1
            let values = try fields(row.element, line: number, separator: separator)
            // More values than columns is most often an address or LAT,LON with a comma left unquoted:
            // read as it stands it would be looked up cut short.
            if values.count > header.count, values[header.count...].contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                let example = separator == "," ? " (\"60.17,24.94\")" : ""
                throw InputError("Line \(number) has \(values.count) fields and the header \(header.count); quote a field with a \(separatorName(separator)) in it\(example).")
            }
            func value(_ index: Int?) -> String? {
                guard let index, index < values.count else { return nil }
                let text = values[index].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
            let name = value(nameAt)
            let coordinates = try coordinate(latitude: value(latitudeAt), longitude: value(longitudeAt), line: number, separator: separator)
            guard let query = coordinates?.description ?? value(addressAt) ?? name else {
                throw InputError("Line \(number) has neither an address nor a name\(latitudeAt == nil ? "" : " nor a latitude and longitude").")
            }
            do {
                return StopListLine(line: number, query: query, name: name,
                                    stay: try value(stayAt).map(StayDuration.parse) ?? 0,
                                    windows: try value(windowAt).map(windowList) ?? [],
                                    priority: try value(priorityAt).map(StopPriority.parse) ?? .normal)
            } catch let error as InputError {
                throw InputError("Line \(number): \(error.message)")
            }
        }
        return Read(lines: stops, notes: notes)
    }

    /// A header that names its columns: an address or a name column, or a latitude and a longitude.
    static func namesColumns(_ header: [String]) -> Bool {
        header.contains("address") || header.contains("name")
            || header.contains(where: latitudeNames.contains) && header.contains(where: longitudeNames.contains)
    }

    /// A row's place from its latitude and longitude columns; nil when it has neither. A list
    /// separated by semicolons or tabs may write the decimal comma (`60,17`).
    static func coordinate(latitude: String?, longitude: String?, line: Int, separator: Character) throws -> Coordinate? {
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case (_?, nil): throw InputError("Line \(line) has a latitude but no longitude; give both, or neither and an address.")
        case (nil, _?): throw InputError("Line \(line) has a longitude but no latitude; give both, or neither and an address.")
        case let (latitude?, longitude?):
            func number(_ text: String) -> Double? {
                DecimalNumber.parse(separator == "," ? text : text.replacingOccurrences(of: ",", with: "."))
            }
            guard let lat = number(latitude), (-90...90).contains(lat) else {
                throw InputError("Line \(line): \"\(latitude)\" is not a latitude (from -90 to 90, e.g. 60.17).")
            }
            guard let lon = number(longitude), (-180...180).contains(lon) else {
                throw InputError("Line \(line): \"\(longitude)\" is not a longitude (from -180 to 180, e.g. 24.94).")
            }
            return Coordinate(latitude: lat, longitude: lon)
        }
    }

    /// The CSV rows after the header line (its index `header`), each with its first line's
    /// index: a row is one line, or several where a quoted field holds a line break (joined
    /// by "\n"; `fields` reads it as a space). Blank and `#` lines between rows are skipped; the
    /// `#` lines holding `separator`, which may be rows, are returned too, to be said. A quote
    /// still open at the end is the last row, which `fields` refuses.
    static func records(_ lines: [String], after header: Int, separator: Character = ",")
        -> (rows: [(offset: Int, element: String)], skipped: [(offset: Int, element: String)]) {
        var records: [(offset: Int, element: String)] = [], skipped: [(offset: Int, element: String)] = []
        var open: (offset: Int, element: String)?
        // An odd number of quotes so far leaves a field open (a doubled quote counts twice).
        var quoteIsOpen = false
        for (offset, line) in lines.enumerated() where offset > header {
            if var row = open {
                row.element += "\n" + line
                open = row
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") {
                if line.hasPrefix("#"), line.contains(separator) { skipped.append((offset, line)) }
                continue
            } else {
                open = (offset, line)
            }
            if line.utf8.reduce(0, { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 }) % 2 == 1 { quoteIsOpen.toggle() }
            if !quoteIsOpen, let row = open {
                records.append(row)
                open = nil
            }
        }
        if let open { records.append(open) }
        return (records, skipped)
    }

    /// Several windows in one CSV field: `10:00-12:00 14:00-16:00` or `;`-separated; `none` (as
    /// the shell's `window SLOT none`) is any time.
    private static func windowList(_ text: String) throws -> [VisitWindow] {
        if text.lowercased() == "none" { return [] }
        return try VisitWindow.parseList(text)
    }

    /// What separates a list's fields: a comma, or the semicolon or tab that spreadsheets write
    /// where the comma is the decimal mark (Finnish, German or French Excel), when the first line
    /// names its columns only that way.
    static func separator(ofHeader line: String, line number: Int) throws -> Character {
        for separator: Character in [",", ";", "\t"] {
            let names = try fields(line, line: number, separator: separator).map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
            if namesColumns(names) { return separator }
        }
        return ","
    }

    static func separatorName(_ separator: Character) -> String {
        switch separator {
        case ";": return "semicolon"
        case "\t": return "tab"
        default: return "comma"
        }
    }

    /// The fields of one CSV line, split at `separator` (RFC 4180 quoting: `"a, b"`, `"say ""hi"""`).
    static func fields(_ line: String, line number: Int, separator: Character = ",") throws -> [String] {
        var fields: [String] = [], field = "", quoted = false, wasQuoted = false
        var characters = line.makeIterator()
        while let c = characters.next() {
            if quoted {
                if c == "\"" {
                    // A doubled quote is one quote; a single one ends the field.
                    var lookahead = characters
                    if lookahead.next() == "\"" { field.append("\""); characters = lookahead } else { quoted = false }
                } else {
                    // A line break inside quotes (RFC 4180) is a space in the name or address.
                    field.append(c == "\n" ? " " : c)
                }
            } else if c == separator {
                fields.append(field)
                field = ""
                wasQuoted = false
            } else if wasQuoted, !c.isWhitespace {
                throw InputError("Line \(number): text after a quoted field's closing quote; put all of the field inside the quotes (\"...\").")
            } else if c == "\"" {
                guard field.trimmingCharacters(in: .whitespaces).isEmpty, !wasQuoted else {
                    throw InputError("Line \(number): a quote in the middle of a field; quote the whole field (\"...\").")
                }
                field = ""
                quoted = true
                wasQuoted = true
            } else {
                field.append(c)
            }
        }
        guard !quoted else { throw InputError("Line \(number): a quoted field is not closed by the end of the list; end it with a quote (\").") }
        fields.append(field)
        return fields
    }
}
