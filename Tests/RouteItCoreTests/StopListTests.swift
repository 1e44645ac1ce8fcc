import XCTest
@testable import RouteItCore

/// Stop lists: plain lines and CSV, every bad line one clear message, the limit before any
/// lookup; windows and priorities as the shell takes them; a long entry in pages.
final class StopListTests: XCTestCase {
    func testPlainLinesSkipCommentsBlanksAndCarriageReturns() throws {
        let lines = try StopList.parse("# my day\r\nAnnankatu 25\r\n\r\n60.17,24.94\n  Stockmann  \n")
        XCTAssertEqual(lines.map(\.query), ["Annankatu 25", "60.17,24.94", "Stockmann"])
        XCTAssertEqual(lines.map(\.line), [2, 4, 5])
    }

    func testCSVColumnsInAnyOrderWithQuoting() throws {
        let csv = #"""
            priority,stay,address,name,window,notes
            high,15m,"Aleksanterinkatu 52",Stockmann,10:00-12:00 14:00-15:00,"a, b"
            ,,"Annankatu 25",,,
            low,,,"Kamppi ""mall""",,
            ,90,"Mannerheimintie 1" ,,none,
            """#
        let lines = try StopList.parse(csv)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[3], StopListLine(line: 5, query: "Mannerheimintie 1", stay: 5400), "bare minutes, no window, a blank after the quote")
        XCTAssertEqual(lines[0], StopListLine(line: 2, query: "Aleksanterinkatu 52", name: "Stockmann", stay: 900,
                                              windows: [VisitWindow(from: 600, to: 720), VisitWindow(from: 840, to: 900)], priority: .high))
        XCTAssertEqual(lines[1].query, "Annankatu 25")
        XCTAssertNil(lines[1].name)
        XCTAssertEqual(lines[2].query, "Kamppi \"mall\"", "a name alone is looked up")
        XCTAssertEqual(lines[2].priority, .low)
    }

    /// Spreadsheets where the comma is the decimal mark (Finnish, German, French Excel) write
    /// semicolons; a tab-separated export is the other common one. The header tells which.
    func testSemicolonAndTabListsAreReadByTheirHeader() throws {
        for separator in [";", "\t"] {
            let text = ["name", "address", "stay", "window"].joined(separator: separator) + "\n"
                + ["Office", "Annankatu 25", "15", "10:00-12:00,14:00-15:00"].joined(separator: separator) + "\n"
                + ["Shop", "\"60.17,24.94\"", "", ""].joined(separator: separator) + "\n"
            let lines = try StopList.parse(text)
            XCTAssertEqual(lines, [
                StopListLine(line: 2, query: "Annankatu 25", name: "Office", stay: 900,
                             windows: [VisitWindow(from: 600, to: 720), VisitWindow(from: 840, to: 900)]),
                StopListLine(line: 3, query: "60.17,24.94", name: "Shop"),
            ], separator)
        }
        XCTAssertThrowsError(try StopList.parse("address;name\nAnnankatu 25;Home;x\n")) { error in
            XCTAssertEqual((error as? InputError)?.message, "Line 2 has 3 fields and the header 2; quote a field with a semicolon in it.")
        }
        // A plain list with a semicolon in an address stays a plain list.
        XCTAssertEqual(try StopList.parse("Annankatu 25; B 12\nKalevankatu 20\n").map(\.query), ["Annankatu 25; B 12", "Kalevankatu 20"])
    }

    /// A list exported with the places' coordinates (`name,lat,lon`, the commonest place-list
    /// export) is read at those coordinates: the names were once looked up instead ("Office"
    /// became the tax office). A semicolon list may write the decimal comma.
    func testLatitudeAndLongitudeColumnsAreThePlace() throws {
        let lines = try StopList.parse("name,lat,lon,address\nOffice,60.1700,24.9410,\nHome,,,Annankatu 25\n\"Shop\",\"60.165\",\"24.945\",Kalevankatu 20\n")
        XCTAssertEqual(lines, [StopListLine(line: 2, query: "60.170000,24.941000", name: "Office"),
                               StopListLine(line: 3, query: "Annankatu 25", name: "Home"),
                               StopListLine(line: 4, query: "60.165000,24.945000", name: "Shop")],
                       "the coordinates, where a row has them, are the place")
        for header in ["Name;Latitude;Longitude", "name;LAT;LNG", "name;lat;long"] {
            XCTAssertEqual(try StopList.parse(header + "\nOffice;60,17;24,941\n"), [StopListLine(line: 2, query: "60.170000,24.941000", name: "Office")], header)
        }
        XCTAssertEqual(try StopList.parse("lat,lon\n60.17,24.941\n").map(\.query), ["60.170000,24.941000"], "no name nor address: still a CSV")
        let cases: [(String, String)] = [
            ("name,lat,lon\nOffice,60.17,\n", "Line 2 has a latitude but no longitude; give both, or neither and an address."),
            ("name,lat,lon\nOffice,north,24.9\n", "Line 2: \"north\" is not a latitude (from -90 to 90, e.g. 60.17)."),
            ("name,lat,lon\nOffice,60.17,240\n", "Line 2: \"240\" is not a longitude (from -180 to 180, e.g. 24.94)."),
            ("name,lat\nOffice,60.17\n", "Line 1: the header names a latitude column but no longitude column; name both (lat and lon)."),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try StopList.parse(text)) { XCTAssertEqual(($0 as? InputError)?.message, message) }
        }
    }

    /// A `#` line between CSV rows is a comment, as before; one holding the header's separator
    /// (`#1 Pizza,Annankatu 25`) may be a stop's row, as a spreadsheet writes a name starting
    /// with `#`: it was once dropped without a word; now it is said, with how to keep it.
    func testACSVRowStartingWithAHashIsSaidWhenSkipped() throws {
        let read = try StopList.read("name,address\n# my day\n#1 Pizza,Annankatu 25\nCafe,Kalevankatu 20\n")
        XCTAssertEqual(read.lines.map(\.query), ["Kalevankatu 20"])
        XCTAssertEqual(read.notes, ["line 3 (#1 Pizza,Annankatu 25) starts with # and is skipped as a comment; to make it a stop, quote its first field: \"#1 Pizza\"."])
        XCTAssertEqual(try StopList.read("name,address\n\"#1 Pizza\",Annankatu 25\n").lines.map(\.name), ["#1 Pizza"])
        XCTAssertEqual(try StopList.read("# my day\nAnnankatu 25\n#Kalevankatu 20\n").notes, [], "a plain list's # lines are its comments")
    }

    /// Excel for Mac's "CSV (Macintosh)" ends lines with a lone CR, and Excel reads (and some
    /// exports write) a `sep=;` first line naming the separator: the list was "its header is
    /// its only line", a plain one a single merged address, and `sep=;` a stop.
    func testCarriageReturnLineEndsAndExcelsSeparatorLine() throws {
        XCTAssertEqual(try StopList.parse("name,address\rShop,Annankatu 25\rCafe,Kalevankatu 20\r"),
                       [StopListLine(line: 2, query: "Annankatu 25", name: "Shop"), StopListLine(line: 3, query: "Kalevankatu 20", name: "Cafe")])
        XCTAssertEqual(try StopList.parse("Annankatu 25\rKalevankatu 20\r").map(\.query), ["Annankatu 25", "Kalevankatu 20"])
        XCTAssertEqual(try StopList.parse("sep=;\nname;address\nShop;Annankatu 25\n"), [StopListLine(line: 3, query: "Annankatu 25", name: "Shop")])
        XCTAssertEqual(try StopList.parse("SEP=,\r\naddress,stay\r\nAnnankatu 25,15m\r\n"), [StopListLine(line: 3, query: "Annankatu 25", stay: 900)])
    }

    func testEveryProblemIsOneLineNamingItsLine() {
        let cases: [(String, String)] = [
            ("address\n\"Annankatu 25\n", "Line 2: a quoted field is not closed by the end of the list; end it with a quote (\")."),
            ("name,address\nA,Annankatu 25\n\"Home\nflat 2,Kalevankatu 20\n", "Line 3: a quoted field is not closed by the end of the list"),
            ("name,address\nB,\"Kalevankatu 20\"x\n", "Line 2: text after a quoted field's closing quote"),
            ("address\nAnnan\"katu\n", "Line 2: a quote in the middle of a field"),
            ("address,window\nAnnankatu 25,10-12\n", "Line 2: Not a time window: \"10-12\""),
            ("address,stay\nAnnankatu 25,25h\n", "Line 2: A stay is at most 24h."),
            ("address,stay\nAnnankatu 25,1h61m\n", "Line 2: Not a stay: \"1h61m\"; minutes after hours go up to 59: type 2h1m (or 121m)."),
            ("address,priority\nAnnankatu 25,urgent\n", "Line 2: A priority is high, normal or low"),
            ("name,address\n,\n", "Line 2 has neither an address nor a name."),
            ("# nothing\n\n", "The list has no stops"),
            (String(repeating: "Annankatu 25\n", count: 10_000), "The list has 10000 stops; a trip has at most 200."),
            ("address\n60.17,24.94\n", "Line 2 has 2 fields and the header 1; quote a field with a comma in it (\"60.17,24.94\")."),
            ("name,address\nOodi,Töölönlahdenkatu 4, Helsinki\n", "Line 2 has 3 fields and the header 2;"),
            ("address,name,Address\nAnnankatu 25,Home,x\n", "Line 1: the header names the \"address\" column twice; name each column once."),
            ("\n# header only\nname,address,window\n", "The list has no stops: its header is its only line."),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try StopList.parse(text)) { error in
                let said = (error as? InputError)?.message ?? "\(error)"
                XCTAssertTrue(said.hasPrefix(message), "\(said) for \(text.prefix(40))")
                XCTAssertFalse(said.contains("\n"))
            }
        }
    }

    /// RFC 4180 (and Excel's Alt+Enter) allow a line break in a quoted field: it is a space in
    /// the name, the row one stop named by its first line, and the limit counts stops, not
    /// lines. It was once refused, and a 200-stop list with one such name said "201 stops".
    func testALineBreakInsideQuotesIsASpaceInOneStop() throws {
        let lines = try StopList.parse("name,address\r\n\"Shop 5\r\nsecond line\",Annankatu 25\r\n\n# a comment\nB,\"Kalevankatu\n\n# 20\"\n")
        XCTAssertEqual(lines, [StopListLine(line: 2, query: "Annankatu 25", name: "Shop 5 second line"),
                               StopListLine(line: 6, query: "Kalevankatu  # 20", name: "B")])
        var list = "name,address\n"
        for k in 1...200 { list += (k == 6 ? "\"Shop 6\nsecond line\"" : "Shop \(k)") + ",\"60.1\(k),24.9\"\n" }
        let stops = try StopList.parse(list)
        XCTAssertEqual(stops.count, 200)
        XCTAssertEqual(stops[5].name, "Shop 6 second line")
        XCTAssertEqual(stops[6].line, 9, "the row after it is on the next line but one")
        XCTAssertThrowsError(try StopList.parse(list + "Shop 201,\"60.2,24.9\"\n")) {
            XCTAssertEqual(($0 as? InputError)?.message, "The list has 201 stops; a trip has at most 200.")
        }
    }

    func testWindowsAndPriorities() throws {
        XCTAssertEqual(try VisitWindow.parseList("9:30-12:00,22:00-02:00").map(\.description), ["09:30-12:00", "22:00-02:00"])
        for bad in ["10-12", "10:00", "25:00-26:00", "10:00-10:00", "10:00-12:00,", "10:60-11:00", "１0:00-12:00"] {
            XCTAssertThrowsError(try VisitWindow.parseList(bad), bad)
        }
        // Spaces around a dash or after a comma are the user's way of writing; the bad window is the one quoted.
        XCTAssertEqual(try VisitWindow.parseList("10:00 - 11:00, 14:00-15:00").map(\.description), ["10:00-11:00", "14:00-15:00"])
        XCTAssertEqual(try VisitWindow.parseList("10:00-11:00 14:00-15:00;16:00-17:00").count, 3)
        func message(_ text: String) -> String {
            do { _ = try VisitWindow.parseList(text); return "" } catch { return (error as? InputError)?.message ?? "\(error)" }
        }
        XCTAssertTrue(message("10:00-11:00, 14:00-25:00").hasPrefix("Not a time window: \"14:00-25:00\";"), message("10:00-11:00, 14:00-25:00"))
        XCTAssertTrue(message("10:00-12:00,").hasPrefix("Not a time window list: \"10:00-12:00,\" has an empty window"), message("10:00-12:00,"))
        XCTAssertTrue(message("10:00 - 12").hasPrefix("Not a time window: \"10:00-12\";"), message("10:00 - 12"))
        XCTAssertEqual(try StopPriority.parse("HIGH"), .high)
        XCTAssertThrowsError(try StopPriority.parse("urgent"))
        let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        let day = Date(timeIntervalSince1970: 1_796_284_800) // 2026-12-03 08:00 UTC
        let span = VisitWindow(from: 22 * 60, to: 2 * 60).span(onDayOf: day, calendar: calendar)
        XCTAssertEqual(span.upperBound.timeIntervalSince(span.lowerBound), 4 * 3600, "past midnight into the next day")
    }

    /// A line that matches several places alike (a chain's shops, one address in two towns)
    /// takes the first and says so, once a line; a line that tells one place from the others
    /// (the street given), or whose other matches are lesser ones, says nothing.
    func testALineMatchingSeveralPlacesSaysWhichItTook() async throws {
        func shop(_ name: String, _ street: String, _ lat: Double, category: String? = "supermarket") -> Placemark {
            Placemark(name: name, houseNumber: "1", street: street, postalCode: "00100", city: "Helsinki",
                      coordinate: Coordinate(latitude: lat, longitude: 24.94), category: category)
        }
        let alepas = [shop("Alepa", "Kaivokatu", 60.170), shop("Alepa", "Fredrikinkatu", 60.165), shop("Alepa", "Runeberginkatu", 60.175)]
        func kirkkokatu(_ city: String, _ lat: Double) -> Placemark {
            Placemark(houseNumber: "1", street: "Kirkkokatu", city: city, coordinate: Coordinate(latitude: lat, longitude: 24.95))
        }
        let geocoder = StubGeocoder(candidates: [
            "Alepa": alepas + [shop("Alepa parking", "Kaivokatu", 60.171, category: "parking")],
            "Alepa, Fredrikinkatu 1": [alepas[1], alepas[0], alepas[2]],
            "Kirkkokatu 1": [kirkkokatu("Helsinki", 60.17), kirkkokatu("Espoo", 60.2)],
            "apteekki": [Placemark(name: "Kluuvin Apteekki", coordinate: Coordinate(latitude: 60.17, longitude: 24.946), category: "pharmacy"),
                         Placemark(name: "Apteekki Eliel", coordinate: Coordinate(latitude: 60.171, longitude: 24.94), category: "pharmacy"),
                         Placemark(name: "Terveystalo", coordinate: Coordinate(latitude: 60.172, longitude: 24.94), category: "doctors")],
            "pharmacy": [Placemark(name: "Kluuvin Apteekki", coordinate: Coordinate(latitude: 60.17, longitude: 24.946), category: "pharmacy"),
                         Placemark(name: "Apteekki Eliel", coordinate: Coordinate(latitude: 60.171, longitude: 24.94), category: "pharmacy")],
            "Annankatu 25": [Placemark(houseNumber: "25", street: "Annankatu", city: "Helsinki", coordinate: Coordinate(latitude: 60.1656, longitude: 24.9371)),
                             Placemark(houseNumber: "25 b", street: "Annankatu", city: "Helsinki", coordinate: Coordinate(latitude: 60.1657, longitude: 24.9371))],
            "Kaisa": Array(repeating: 0, count: 10).enumerated().map { shop("Kaisa", "Katu \($0.offset)", 60.1 + Double($0.offset) / 100) },
        ])
        let found = try await StopListPlaces.resolve([StopListLine(line: 1, query: "Annankatu 25"), StopListLine(line: 3, query: "Alepa"),
                                                      StopListLine(line: 4, query: "Alepa, Fredrikinkatu 1", name: "Shop"),
                                                      StopListLine(line: 5, query: "Kirkkokatu 1"), StopListLine(line: 6, query: "Kaisa"),
                                                      StopListLine(line: 7, query: "apteekki")],
                                                     using: geocoder, near: nil)
        XCTAssertEqual(found.notices, [
            "line 3: \"Alepa\" matches 3 places; took Alepa, Kaivokatu 1, 00100 Helsinki — give the street to pick another.",
            "line 5: \"Kirkkokatu 1\" matches 2 places; took Kirkkokatu 1, Helsinki — give the town to pick another.",
            "line 6: \"Kaisa\" matches 10 or more places; took Kaisa, Katu 0 1, 00100 Helsinki — give the street to pick another.",
            "line 7: \"apteekki\" matches 2 places; took Kluuvin Apteekki — give the street to pick another.",
        ])
        XCTAssertEqual(found.slots.count, 6)
        // A kind of place, no name showing the word: the name or the street tells them apart.
        let kind = try await StopListPlaces.found([StopListLine(line: 2, query: "pharmacy")], using: geocoder, near: nil)
        XCTAssertEqual(kind.notices, ["line 2: \"pharmacy\" matches 2 places; took Kluuvin Apteekki — give the name or the street to pick another."])
    }

    func testResolvingFindsEveryLineOrChangesNothing() async throws {
        let annankatu = Placemark(houseNumber: "25", street: "Annankatu", coordinate: Coordinate(latitude: 60.1656, longitude: 24.9371))
        let geocoder = StubGeocoder(candidates: ["Annankatu 25": [annankatu], "Stockmann": [
            Placemark(name: "Stockmann", coordinate: Coordinate(latitude: 60.1685, longitude: 24.9421))]])
        let slots = try await StopListPlaces.resolve([StopListLine(line: 1, query: "Annankatu 25", name: "Office", stay: 300),
                                                       StopListLine(line: 2, query: "60.17,24.94")], using: geocoder, near: nil).slots
        XCTAssertEqual(slots.map(\.text), ["Office, Annankatu 25", "60.170000,24.940000"])
        XCTAssertEqual(slots[0].stay, 300)
        XCTAssertEqual(slots[0].mapItem?.placemark.name, "Office", "the list's name is what the directions show")
        do {
            _ = try await StopListPlaces.resolve([StopListLine(line: 1, query: "Nowhere 1"), StopListLine(line: 3, query: "Stockmann"),
                                                   StopListLine(line: 4, query: "Nowhere 2")], using: geocoder, near: nil)
            XCTFail("expected the missing lines")
        } catch let error as InputError {
            XCTAssertEqual(error.message, "2 of 3 stops cannot be found: line 1 (\"Nowhere 1\"), line 4 (\"Nowhere 2\"); fix them and load the list again.")
        }
        do {
            _ = try await StopListPlaces.resolve([StopListLine(line: 1, query: "Annankatu 25"), StopListLine(line: 2, query: "Stockmann"),
                                                   StopListLine(line: 5, query: "Annankatu 25")], using: geocoder, near: nil)
            XCTFail("expected the duplicate")
        } catch let error as InputError {
            // The place named is line 5's, the one to leave out.
            XCTAssertTrue(error.message.hasPrefix("Line 5 (Annankatu 25"), error.message)
            XCTAssertTrue(error.message.hasSuffix(") is the same place as line 1; list each stop once."), error.message)
        }
    }

    func testALongTripShowsInPages() throws {
        let entry = EntryViewModel()
        for _ in 0..<48 { try entry.addStop() }
        XCTAssertEqual(entry.slots.count, 51)
        XCTAssertEqual(entry.pageCount, 3)
        XCTAssertEqual(entry.slotsOnPage, 40..<51, "the page of the last added stop")
        try entry.showPage("1")
        XCTAssertEqual(entry.slotsOnPage, 0..<20)
        try entry.showPage("next")
        XCTAssertEqual(entry.slotsOnPage, 20..<40)
        XCTAssertThrowsError(try entry.showPage("4"))
        XCTAssertThrowsError(try entry.showPage("0"))
        XCTAssertThrowsError(try entry.showPage("99999999999999999999")) { error in
            XCTAssertEqual("\(error)", "There are pages 1-3; this trip has no page \"99999999999999999999\".")
        }
        try entry.type("Annankatu 25", inSlotAt: 45)
        XCTAssertEqual(entry.page, 2, "typing shows the slot's page")
        for _ in 0..<150 { try entry.addStop() }
        XCTAssertEqual(entry.stopCount, 200)
        XCTAssertThrowsError(try entry.addStop()) { XCTAssertEqual(($0 as? InputError)?.message, "A trip has at most 200 stops.") }
    }
}
