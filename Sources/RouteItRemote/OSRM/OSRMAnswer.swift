import Foundation
import RouteItCore

/// What every OSRM answer carries: its `code` and, when it is not `Ok`, a `message`.
protocol OSRMAnswer: Decodable {
    var code: String { get }
    var message: String? { get }
}

extension OSRMDirections {
    /// GETs `url` and decodes OSRM's answer: a refused `exclude=` set is `OSRMExcludeRefused`,
    /// another code than `Ok` its one-line error, anything but OSRM JSON an invalid response.
    func answer<Answer: OSRMAnswer>(_ url: URL, as type: Answer.Type, excluding exclude: RoadAvoidance) async throws -> Answer {
        let response: HTTPResponse
        do {
            response = try await client.get(url)
        } catch RemoteError.cancelled {
            throw CancellationError()
        }
        let decoded: Answer
        do {
            decoded = try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw RemoteError.invalidResponse(host: url.hostDescription, reason: "HTTP \(response.statusCode), not OSRM JSON")
        }
        if decoded.code == "InvalidValue" && !exclude.isEmpty && (decoded.message ?? "").lowercased().contains("exclude") {
            throw OSRMExcludeRefused.refused
        }
        guard decoded.code == "Ok" else { throw OSRMErrorCode.error(code: decoded.code, message: decoded.message) }
        return decoded
    }
}
