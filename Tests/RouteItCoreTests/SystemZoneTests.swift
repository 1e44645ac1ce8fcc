import Foundation
import XCTest
@testable import RouteItCore
import RouteItTestSupport

/// The system's zone read from /etc/localtime's link, as TimeZone.current reads it.
final class SystemZoneTests: XCTestCase {
    func testTheZoneIsTheOneTheLinkNamesUnderZoneinfo() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let helsinki = directory.appendingPathComponent("helsinki").path
        try FileManager.default.createSymbolicLink(atPath: helsinki, withDestinationPath: "/usr/share/zoneinfo/Europe/Helsinki")
        XCTAssertEqual(LocalCalendar.linkedSystemZone(link: helsinki)?.identifier, "Europe/Helsinki")
        let relative = directory.appendingPathComponent("relative").path
        try FileManager.default.createSymbolicLink(atPath: relative, withDestinationPath: "../usr/share/zoneinfo/Etc/UTC")
        XCTAssertEqual(LocalCalendar.linkedSystemZone(link: relative)?.identifier, "Etc/UTC")
        let elsewhere = directory.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: "/tmp/Europe/Helsinki")
        XCTAssertNil(LocalCalendar.linkedSystemZone(link: elsewhere))
        XCTAssertNil(LocalCalendar.linkedSystemZone(link: directory.appendingPathComponent("missing").path))
    }

    func testWithoutTZTheCalendarIsInTheZoneFoundationCallsCurrent() {
        XCTAssertEqual(LocalCalendar.fromEnvironment([:]).timeZone.identifier, TimeZone.current.identifier)
        XCTAssertEqual(LocalCalendar.fromEnvironment(["TZ": ":Europe/Helsinki"]).timeZone.identifier, "Europe/Helsinki")
    }
}
