import Foundation
import RouteItCore
import RouteItEngine
@testable import RouteItRemote
import XCTest

/// OSRM's steps and the embedded router's steps for the same trips read as one vocabulary.
final class SharedInstructionWordingTests: XCTestCase {
    private static let sentence = try! NSRegularExpression(pattern: """
        ^(Head (north|northeast|east|southeast|south|southwest|west|northwest)( on .+)?\
        |Head out( on .+)?\
        |Turn (sharp left|left|slight left|slight right|right|sharp right)( onto .+)?\
        |Turn (sharp left|left|slight left|slight right|right|sharp right) to stay on .+\
        |Continue( (sharp left|left|slightly left|slightly right|right|sharp right))?( onto .+)?\
        |At the roundabout, take the \\d+(st|nd|rd|th) exit( onto .+)?\
        |At the roundabout, turn (sharp left|left|slight left|straight|slight right|right|sharp right)( at the \\d+(st|nd|rd|th) exit)?( onto .+)?\
        |Enter the roundabout( onto .+)?\
        |Enter .+ and take the \\d+(st|nd|rd|th) exit( onto .+)?\
        |Exit (the roundabout|the traffic circle)( (sharp left|left|slightly left|straight ahead|slightly right|right|sharp right))?( onto .+)?\
        |Take the (ramp|exit)( (sharp left|left|slightly left|straight ahead|slightly right|right|sharp right))?( onto .+)?\
        |At the end of the road, turn (sharp left|left|slight left|slight right|right|sharp right)( onto .+)?\
        |Keep (left|right|straight) at the fork( onto .+)?\
        |Merge( (sharp left|left|slightly left|straight ahead|slightly right|right|sharp right))?( onto .+)?\
        |Make a U-turn\
        |Arrive at your destination)$
        """)

    private func isSentence(_ text: String) -> Bool {
        Self.sentence.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func testBothRoutersUseTheSharedSentences() async throws {
        let server = try OSRMServer(profile: "car")
        let osrm = OSRMDirections(baseURL: server.baseURL)
        let embedded = try OfflineDirections(path: try HelsinkiMap.path())
        let trips = [((60.169902, 24.938396), (60.1675, 24.9450)), ((60.1642, 24.9370), (60.1700, 24.9480)),
                     ((60.1760, 24.9400), (60.1660, 24.9500))]
        var compared = 0, shared = 0, total = 0
        for (a, b) in trips {
            let request = DirectionsRequest(
                source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: a.0, longitude: a.1))),
                destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: b.0, longitude: b.1))),
                transportType: .car, requestsAlternateRoutes: false)
            guard let remote = try? await osrm.calculate(request).first,
                  let local = try? await embedded.calculate(request).first else { continue }
            compared += 1
            let localSentences = Set(local.steps.map(\.instruction))
            shared += remote.steps.filter { localSentences.contains($0.instruction) }.count
            total += remote.steps.count
            for step in remote.steps + local.steps {
                XCTAssertTrue(isSentence(step.instruction), "not a shared sentence: \"\(step.instruction)\"")
            }
            XCTAssertEqual(remote.steps.first.map { String($0.instruction.prefix(5)) }, "Head ")
            XCTAssertEqual(local.steps.first.map { String($0.instruction.prefix(5)) }, "Head ")
            XCTAssertEqual(remote.steps.last?.instruction, local.steps.last?.instruction)
        }
        XCTAssertGreaterThanOrEqual(compared, 2, "too few trips routable by both")
        // Same streets, same turns: most of OSRM's sentences appear word for word offline.
        XCTAssertGreaterThan(Double(shared), 0.6 * Double(total), "\(shared) of \(total) OSRM sentences found offline")
    }
}
