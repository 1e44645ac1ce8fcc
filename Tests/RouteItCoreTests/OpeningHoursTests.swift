import XCTest
@testable import RouteItCore

final class OpeningHoursTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)

    /// 2026-12-03 is a Thursday.
    func at(_ text: String) -> Date { calendar.at(text) }

    func state(_ hours: String, _ when: String) -> OpeningHours.State {
        OpeningHours(hours).state(at: at(when), in: calendar)
    }

    func testWeekdayAndHourRanges() {
        let hours = "Mo-Fr 10:00-18:00; Sa 10:00-16:00; Su off"
        XCTAssertEqual(state(hours, "2026-12-03 12:00"), .open(closes: at("2026-12-03 18:00")))
        XCTAssertEqual(state(hours, "2026-12-03 09:00"), .closed(opens: at("2026-12-03 10:00")))
        XCTAssertEqual(state(hours, "2026-12-03 18:00"), .closed(opens: at("2026-12-04 10:00")))
        XCTAssertEqual(state(hours, "2026-12-05 15:59"), .open(closes: at("2026-12-05 16:00")))
        XCTAssertEqual(state(hours, "2026-12-06 12:00"), .closed(opens: at("2026-12-07 10:00")))
    }

    func testTimeListsWeekdayListsAndAdditionalRules() {
        let hours = "Mo,We 08:00-12:00,13:00-17:00, Tu 09:00-10:00"
        XCTAssertEqual(state(hours, "2026-11-30 12:30"), .closed(opens: at("2026-11-30 13:00")))
        XCTAssertEqual(state(hours, "2026-12-01 09:30"), .open(closes: at("2026-12-01 10:00")))
        XCTAssertEqual(state(hours, "2026-12-02 08:00"), .open(closes: at("2026-12-02 12:00")))
        XCTAssertEqual(state(hours, "2026-12-03 09:30"), .closed(opens: at("2026-12-07 08:00")))
    }

    func testLaterRuleReplacesTheDayAdditionalOneAdds() {
        XCTAssertEqual(state("Mo-Fr 08:00-18:00; We 12:00-14:00 off", "2026-12-02 09:00"), .closed(opens: at("2026-12-03 08:00")))
        XCTAssertEqual(state("Mo-Fr 08:00-18:00, We 12:00-14:00 off", "2026-12-02 09:00"), .open(closes: at("2026-12-02 12:00")))
    }

    func testPastMidnight() {
        let hours = "Fr-Sa 22:00-02:00"
        XCTAssertEqual(state(hours, "2026-12-05 01:30"), .open(closes: at("2026-12-05 02:00")))
        XCTAssertEqual(state(hours, "2026-12-04 23:00"), .open(closes: at("2026-12-05 02:00")))
        XCTAssertEqual(state(hours, "2026-12-06 01:59"), .open(closes: at("2026-12-06 02:00")))
        XCTAssertEqual(state(hours, "2026-12-06 02:00"), .closed(opens: at("2026-12-11 22:00")))
        XCTAssertEqual(state("Mo-Su 18:00-26:00", "2026-12-03 01:00"), .open(closes: at("2026-12-03 02:00")))
    }

    func testTwentyFourSevenOffAndClosed() {
        XCTAssertEqual(state("24/7", "2026-12-03 03:00"), .open(closes: nil))
        XCTAssertEqual(state("off", "2026-12-03 03:00"), .closed(opens: nil))
        XCTAssertEqual(state("closed", "2026-12-03 03:00"), .closed(opens: nil))
        XCTAssertEqual(state("Mo-Su 00:00-24:00", "2026-12-03 03:00"), .open(closes: nil))
    }

    func testMonthsAndDateRanges() {
        let hours = "Jun-Aug Mo-Fr 09:00-17:00; Dec 24-Jan 02 off; Sep-May Mo-Fr 10:00-16:00"
        XCTAssertEqual(state(hours, "2026-07-01 09:30"), .open(closes: at("2026-07-01 17:00")))
        XCTAssertEqual(state(hours, "2026-12-03 09:30"), .closed(opens: at("2026-12-03 10:00")))
        XCTAssertEqual(state("Mo-Fr 10:00-16:00; Dec 24-Jan 02 off", "2026-12-31 12:00"), .closed(opens: at("2027-01-04 10:00")))
        XCTAssertEqual(state("Dec 24 off; 24/7", "2026-12-24 12:00"), .open(closes: nil), "a later rule wins")
        XCTAssertEqual(state("24/7; Dec 24 off", "2026-12-24 12:00"), .closed(opens: at("2026-12-25 00:00")))
    }

    func testHolidaysAnswerOnlyWhenEveryKindOfDayAgrees() {
        let hours = "Mo-Fr 10:00-18:00; PH off"
        XCTAssertTrue(OpeningHours(hours).isKnown)
        XCTAssertEqual(state(hours, "2026-12-03 12:00"), .unknown, "open unless it is a holiday")
        XCTAssertEqual(state(hours, "2026-12-03 21:10"), .closed(opens: nil), "closed on a holiday and on an ordinary day")
    }

    func testFallbackIsRecognised() {
        let hours = "Mo-Fr 10:00-18:00 || \"by appointment\""
        XCTAssertTrue(OpeningHours(hours).isKnown)
        XCTAssertEqual(state(hours, "2026-12-03 12:00"), .open(closes: at("2026-12-03 18:00")))
        XCTAssertEqual(state(hours, "2026-12-05 12:00"), .unknown, "the fallback's comment says nothing certain")
    }

    func testUnsupportedPartsMakeTheValueUnknown() {
        for text in ["Mo-Fr sunrise-sunset", "Mo-Fr 10:00+", "Su[1] 10:00-12:00", "Mo-Fr 10:00-16:00/01:00",
                     "easter off", "Mo-Fr 10-18", "Mon - Fri 11am - 11pm", "", "Mo-Fr 10:00-18:00 Sa 10:00-14:00",
                     "PH +1 day off", "(sunrise+01:00)-18:00", "Mo-Fr 25:00-26:00"] {
            let hours = OpeningHours(text)
            XCTAssertFalse(hours.isKnown, text)
            XCTAssertEqual(hours.state(at: at("2026-12-03 12:00"), in: calendar), .unknown, text)
        }
    }

    func testToleratedSpellings() {
        for text in ["mo-fr 9:00-17:00", "Mo-Fr: 09:00-17:00", "Mo-Fr 09:00-17:00;", "Jan-Dec: Mo-Fr 09:00-17:00",
                     "Mo–Fr 09:00–17:00", "week 01-53 Mo-Fr 09:00-17:00", "2026 Mo-Fr 09:00-17:00"] {
            XCTAssertEqual(state(text, "2026-12-03 12:00"), .open(closes: at("2026-12-03 17:00")), text)
        }
    }

    func testOpenSpansMergeAcrossMidnight() {
        let spans = OpeningHours("Th 20:00-24:00; Fr 00:00-03:00").openSpans(from: at("2026-12-03 00:00"), to: at("2026-12-05 00:00"), in: calendar)
        XCTAssertEqual(spans, [at("2026-12-03 20:00").timeIntervalSinceReferenceDate...at("2026-12-04 03:00").timeIntervalSinceReferenceDate])
    }

    func testDaylightSavingChangeKeepsWallClockHours() {
        // 2026-03-29: clocks go forward at 03:00 in Helsinki.
        XCTAssertEqual(state("Su 10:00-18:00", "2026-03-29 12:00"), .open(closes: at("2026-03-29 18:00")))
    }
}
