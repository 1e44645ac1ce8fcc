import Foundation
import RouteItCore
import RouteItRemote
import XCTest

/// The following's gpsd client against a scripted peer: what it makes of lines that are not gpsd's.
final class GPSDFixSourceTests: XCTestCase {
    private let version = #"{"class":"VERSION","release":"3.25","proto_major":3,"proto_minor":15}"#
    private let tpv = #"{"class":"TPV","mode":3,"time":"2026-12-05T10:00:00.000Z","lat":60.1699,"lon":24.9384,"speed":5,"track":45}"#

    private func firstReading(from lines: [String]) async throws -> FixSourceReading {
        let peer = try LoopbackHTTPServer(replies: [.raw(Array((lines.joined(separator: "\n") + "\n").utf8))], requestEnd: "\n")
        defer { peer.stop() }
        let source = GPSDFixSource(address: GPSDAddress(host: "127.0.0.1", port: peer.port), connectTimeout: 5)
        return try await source.nextFix(waitAtMost: 5)
    }

    func testAGarbledLineAfterGpsdsOwnReportsIsPassedOver() async throws {
        let reading = try await firstReading(from: [version, #"{"class":"TPV","lat":NaN"#, "\u{1B}[2J garbage", tpv])
        guard case .fix(let fix) = reading else { return XCTFail("\(reading)") }
        XCTAssertEqual(fix.coordinate.latitude, 60.1699, accuracy: 1e-9)
    }

    func testAPeerWhoseFirstLineIsNotGpsdsIsNoGpsd() async throws {
        do {
            let reading = try await firstReading(from: ["HTTP/1.1 400 Bad Request", tpv])
            XCTFail("expected no gpsd, read \(reading)")
        } catch let error as LocationSourceUnavailable {
            XCTAssertTrue(error.reason.hasSuffix("does not speak gpsd's protocol"), error.reason)
        }
    }
}
