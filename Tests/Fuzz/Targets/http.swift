import Foundation
import RouteItCore
import RouteItEngine

// Compiled together with the app's own sources (Sources/routeit without main.swift), as the
// shell target is.

/// `routeit serve`'s request reading: an input is the bytes a client sent on one connection.
/// The HTTP parser reads them within small limits (pipelined requests one after another), each
/// prefix of a whole request must read as unfinished or refused (never as another request), and
/// every request read is answered by the server's own routes on a small real map (OSRM and
/// Nominatim URLs, percent-decoding, options); an answer is always a status with a JSON body.
enum FuzzTarget {
    nonisolated(unsafe) static var routes: ServeRoutes!
    static let limits = HTTPLimits(maxHeaderBytes: 4_096, maxTargetBytes: 2_048, maxHeaderCount: 20, maxBodyBytes: 1_024)

    static func setUp() {
        guard let seed = ProcessInfo.processInfo.environment["ROUTEIT_FUZZ_SHELL_MAP"] else {
            fputs("http fuzz target: set ROUTEIT_FUZZ_SHELL_MAP to an OSM file for the served map\n", stderr)
            exit(2)
        }
        let map = FuzzScratch.path("http.routeit")
        do {
            _ = try MapImporter().importMap(osmFile: seed, to: map)
            let services = try ServiceFactory.embeddedServices(mapPath: map, cancellation: CancellationFlag())
            guard let roads = services.backdrop as? OfflineDirections else { fatalError("http fuzz target: the map has no road graph") }
            routes = ServeRoutes(osrm: OSRMService(directions: services.directions, roads: roads, maxTableSize: 10, maxTripSize: 10),
                                 nominatim: NominatimService(geocoder: services.geocoder, mapDate: nil))
        } catch {
            fputs("http fuzz target: cannot serve \(seed): \(error)\n", stderr)
            exit(2)
        }
    }

    static func run(_ data: Data) {
        let parser = HTTPRequestParser(limits: limits)
        var buffer = [UInt8](data)
        for _ in 0..<8 {
            var request: HTTPRequest?
            let outcome = parser.parse(buffer, request: &request)
            guard case .request(let consumed) = outcome, let request else {
                if case .refused(let status, let message) = outcome {
                    precondition([400, 411, 413, 414, 431].contains(status) && !message.isEmpty, "refused with \(status) \(message)")
                }
                return
            }
            precondition(consumed > 0 && consumed <= buffer.count, "consumed \(consumed) of \(buffer.count)")
            // A request cut short is never read as a (different) whole one.
            for cut in [consumed / 2, consumed - 1] where cut >= 0 {
                var partial: HTTPRequest?
                if case .request = parser.parse(Array(buffer[..<cut]), request: &partial) {
                    preconditionFailure("the first \(cut) of \(consumed) bytes read as a whole request")
                }
            }
            if request.target.utf8.count <= 300 {   // a few routed: the parser is what this target is for
                let response = routes.respond(request, peer: "127.0.0.1")
                precondition((200...599).contains(response.status), "status \(response.status)")
                precondition(response.body.isEmpty || (try? JSONSerialization.jsonObject(with: Data(response.body), options: .fragmentsAllowed)) != nil
                             || response.contentType.hasPrefix("text/plain"), "not JSON: \(String(decoding: response.body.prefix(200), as: UTF8.self))")
            }
            _ = request.keepAlive
            buffer.removeFirst(consumed)
        }
    }
}
