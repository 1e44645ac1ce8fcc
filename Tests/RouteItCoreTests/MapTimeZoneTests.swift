import Foundation
import XCTest
@testable import RouteItCore

/// A trip's clock is the map's: its country's zone from the tz database table (`zone.tab`),
/// the nearest principal city's when the country has several, `TZ` when the map has no country.
final class MapTimeZoneTests: XCTestCase {
    /// Lines as `zone.tab` and `zone1970.tab` write them (the latter may list several codes).
    let table = MapTimeZone.parse("""
        # comment line
        FI\t+6010+02458\tEurope/Helsinki
        US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
        US\t+415100-0873900\tAmerica/Chicago\tCentral (most areas)
        US\t+340308-1181434\tAmerica/Los_Angeles\tPacific
        DE,DK,NO,SE,SJ\t+5230+01322\tEurope/Berlin
        XX\tnot-a-place\tEurope/Nowhere
        """)
    let helsinkiBounds = BoundingBox(minLatitude: 60.164, minLongitude: 24.935, maxLatitude: 60.180, maxLongitude: 24.954)

    func testTheTableReadsCodesCitiesAndZones() {
        XCTAssertEqual(table.count, 5)  // the comment and the unreadable line are skipped
        XCTAssertEqual(table[0].countries, ["FI"])
        XCTAssertEqual(table[0].city.latitude, 60 + 10.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(table[1].city.longitude, -(74 + 0.0 / 60 + 23.0 / 3600), accuracy: 1e-9)
        XCTAssertEqual(table[4].countries, ["DE", "DK", "NO", "SE", "SJ"])
    }

    /// One country's lines only, found by their bytes (a cold route reads one country's).
    func testACountrysLinesAreReadAlone() {
        let text = """
            # comment line
            FI\t+6010+02458\tEurope/Helsinki
            US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
            US\t+415100-0873900\tAmerica/Chicago\tCentral (most areas)
            DE,DK,NO,SE,SJ\t+5230+01322\tEurope/Berlin
            """
        XCTAssertEqual(MapTimeZone.parse(text, country: "US").map(\.zone), ["America/New_York", "America/Chicago"])
        XCTAssertEqual(MapTimeZone.parse(text, country: "se").map(\.zone), ["Europe/Berlin"])
        XCTAssertEqual(MapTimeZone.parse(text, country: "FI").first?.city.longitude ?? 0, 24 + 58.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(MapTimeZone.parse(text, country: "S"), [])
    }

    func testAMapInFinlandIsTimedInHelsinkiWhateverTZSays() {
        let area = MapArea(name: "Helsinki", bounds: helsinkiBounds, countryCode: "FI")
        let calendar = LocalCalendar.forMap(area, table: table, environment: ["TZ": "UTC"])
        XCTAssertEqual(calendar.timeZone.identifier, "Europe/Helsinki")
        // Ateneum-like hours, Tuesday 2026-12-08 16:30 UTC = 18:30 in Helsinki: closed there,
        // though it would be open on UTC's clock.
        let hours = OpeningHours("Tu 10:00-18:00")
        let instant = Date(timeIntervalSince1970: 1_796_747_400)  // 2026-12-08T16:30:00Z
        guard case .closed = hours.state(at: instant, in: calendar) else { return XCTFail("open at 18:30 Helsinki time") }
        guard case .open = hours.state(at: instant, in: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)) else {
            return XCTFail("the fixture instant should be inside the hours on UTC's clock")
        }
        XCTAssertEqual(calendar.clockText(instant), "18:30")
    }

    func testACountryWithSeveralZonesTakesTheOneWhoseCityIsNearestTheMapsCentre() {
        let chicagoish = MapArea(name: "Milwaukee", bounds: BoundingBox(minLatitude: 42.9, minLongitude: -88.0, maxLatitude: 43.1, maxLongitude: -87.8),
                                 countryCode: "US")
        XCTAssertEqual(LocalCalendar.forMap(chicagoish, table: table, environment: ["TZ": "UTC"]).timeZone.identifier, "America/Chicago")
        let bostonish = MapArea(name: "Boston", bounds: BoundingBox(minLatitude: 42.3, minLongitude: -71.1, maxLatitude: 42.4, maxLongitude: -71.0),
                                countryCode: "us")
        XCTAssertEqual(LocalCalendar.forMap(bostonish, table: table, environment: ["TZ": "UTC"]).timeZone.identifier, "America/New_York")
        let oslo = MapArea(name: "Oslo", bounds: BoundingBox(minLatitude: 59.9, minLongitude: 10.7, maxLatitude: 60.0, maxLongitude: 10.8),
                           countryCode: "NO")
        XCTAssertEqual(LocalCalendar.forMap(oslo, table: table, environment: ["TZ": "UTC"]).timeZone.identifier, "Europe/Berlin")
    }

    func testNoCountryNoMatchOrNoTableKeepsTZ() {
        let environment = ["TZ": "America/New_York"]
        let noCountry = MapArea(name: "Helsinki", bounds: helsinkiBounds)
        XCTAssertEqual(LocalCalendar.forMap(noCountry, table: table, environment: environment).timeZone.identifier, "America/New_York")
        let unlisted = MapArea(name: "Monaco", bounds: helsinkiBounds, countryCode: "MC")
        XCTAssertEqual(LocalCalendar.forMap(unlisted, table: table, environment: environment).timeZone.identifier, "America/New_York")
        let finland = MapArea(name: "Helsinki", bounds: helsinkiBounds, countryCode: "FI")
        XCTAssertEqual(LocalCalendar.forMap(finland, table: [], environment: environment).timeZone.identifier, "America/New_York")
        XCTAssertEqual(LocalCalendar.forMap(nil, table: table, environment: environment).timeZone.identifier, "America/New_York")
    }

    /// The system's table (Debian's tzdata has both files) gives Finland its zone.
    func testTheSystemTableKnowsFinland() throws {
        try XCTSkipIf(MapTimeZone.systemText.isEmpty, "no zone.tab or zone1970.tab on this system")
        XCTAssertEqual(MapTimeZone.zone(country: "FI", centre: nil)?.identifier, "Europe/Helsinki")
    }

    /// `use` of a map in another zone: a departure typed as 10:00 stays 10:00 on the new clock.
    func testATypedClockTimeIsKeptOnAnotherClock() {
        let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
        let helsinki = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        let typed = utc.date(utc.startOfDay(Date(timeIntervalSince1970: 1_796_747_400)), minutes: 10 * 60)
        let moved = helsinki.sameClockTime(as: typed, on: utc)
        XCTAssertEqual(helsinki.clockText(moved), "10:00")
        XCTAssertEqual(helsinki.dateText(moved), "2026-12-08")
        XCTAssertEqual(moved.timeIntervalSince(typed), -2 * 3600)
    }
}

/// The shell's flow takes the map's clock when the map opens (or `use` changes it).
final class FlowMapClockTests: XCTestCase {
    let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    let helsinki = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)

    private func flow() -> TripFlowController {
        let flow = TripFlowController(geocoder: StubGeocoder(candidates: [:]), directions: StubDirections(),
                                      location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                      timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                      clock: FixedWallClock(Date(timeIntervalSince1970: 1_796_747_400)), calendar: utc)
        flow.mapCalendar = { [helsinki] in helsinki }
        return flow
    }

    func testADepartureTypedBeforeTheMapOpenedKeepsItsClockTimeOnTheMapsClock() async throws {
        let flow = flow()
        try flow.setDeparture(words: ["2026-12-08", "10:00"])
        await flow.followMapClock()
        XCTAssertEqual(flow.calendar.timeZone.identifier, "Europe/Helsinki")
        guard case .at(let date) = flow.entry.departure else { return XCTFail("\(flow.entry.departure)") }
        XCTAssertEqual(helsinki.clockText(date), "10:00")
        XCTAssertEqual(helsinki.dateText(date), "2026-12-08")
    }

    func testAnOpenedDepartureStaysTheSameInstant() async throws {
        let flow = flow()
        let instant = Date(timeIntervalSince1970: 1_796_716_800)  // 2026-12-08T08:00:00Z, 10:00 in Helsinki
        try flow.load(slots: flow.entry.slots, departure: .at(instant), settings: flow.settings)
        await flow.followMapClock()
        XCTAssertEqual(flow.entry.departure, .at(instant))
        XCTAssertEqual(flow.calendar.clockText(instant), "10:00")
    }
}
