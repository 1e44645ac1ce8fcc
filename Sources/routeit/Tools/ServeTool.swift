import Foundation
@preconcurrency import SwiftGlibc
import RouteItCore
import RouteItEngine

/// `routeit serve [--map NAME|PATH] [--host A] [--port N] [--threads N] [--max-table-size N]`:
/// the embedded map over HTTP, as osrm-routed and Nominatim serve theirs, so their clients
/// (routingpy, geopy, Leaflet Routing Machine, scripts) use RouteIt's map unchanged.
enum ServeTool {
    static let tool = Tool(
        name: "serve", synopsis: "serve [--map NAME|PATH] [--host ADDRESS] [--port N] [--threads N] [--max-table-size N] [--max-trip-size N] [--request-timeout SECONDS]",
        summary: "Serve the map over HTTP with OSRM's and Nominatim's APIs",
        details: """
        An HTTP/1.1 server (keep-alive) on the offline map. OSRM v1: /route/v1/PROFILE/COORDS, \
        /table/v1, /nearest/v1 and /trip/v1 (round trips) with OSRM's options (alternatives, \
        steps, overview, geometries polyline|polyline6|geojson, annotations, exclude, radiuses, \
        bearings, sources, destinations, number) and error codes; PROFILE is driving (car), walking \
        (foot) or cycling (bike). Nominatim: /search, /reverse (with zoom: 16-17 the street, 15 \
        the neighbourhood, 13-14 the suburb, 12 and less the town), /lookup and /status (format \
        jsonv2, json or geojson). Each answer is the one `route --json`, `table --json`, `geocode --json` \
        and `reverse --json` give. Listens on 127.0.0.1:5000 unless --host/--port say otherwise \
        (--port 0: any free port); the first line printed names the address. Requests are \
        bounded (URL, headers, body, coordinates, table size) and must arrive within \
        --request-timeout (10 s). One \
        line per request on stderr with the time it took. A map file truncated or overwritten in \
        place while serving makes every request answer 503 Unavailable until serve is restarted. \
        SIGTERM or Ctrl-C lets the requests in flight finish, then exits 0.
        """,
        run: run)

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else { return tool.usageError("serve takes no places") }
        signal(SIGPIPE, SIG_IGN)
        let services: AppServices
        let roads: OfflineDirections
        let mapDate: String?
        let mapPath: String
        do {
            let map = try MapLibrary().open(path: options.mapPath, progress: ImportProgressBar(cancellation: CancellationFlag()))
            // Nominatim's data_updated is the data's date: the extract's, when its header has one
            // (the file's own date is the import's, not the data's).
            mapDate = map.dataDate.map { ISO8601DateFormatter().string(from: $0) }
            mapPath = map.database.path
            services = try ServiceFactory.embeddedServices(mapPath: map.database.path, cancellation: CancellationFlag())
            guard let engine = services.backdrop as? OfflineDirections else { return tool.fail("the map has no road graph", code: 1) }
            roads = engine
            try roads.preload()
        } catch {
            return tool.fail(UserMessage.sentence(for: error), code: 1)
        }
        // The map file may change under a server that runs for months: each request checks it
        // (`ServedMap`), and a fault reading it no longer exits (`MapFaults.survive`).
        MapFaults.survive()
        let routes = ServeRoutes(
            osrm: OSRMService(directions: services.directions, roads: roads, maxTableSize: options.maxTableSize, maxTripSize: options.maxTripSize),
            nominatim: NominatimService(geocoder: services.geocoder, mapDate: mapDate),
            map: ServedMap(roads: roads, path: mapPath))
        var configuration = HTTPServer.Configuration()
        configuration.host = options.serveHost
        configuration.port = options.servePort
        if let threads = options.serveThreads { configuration.threads = threads }
        configuration.limits.requestDeadline = options.requestTimeout
        let server = HTTPServer(configuration: configuration, handler: routes.respond, log: { line in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }   // one write: lines never interleave
        })
        let port: UInt16
        do {
            port = try server.bind()
        } catch {
            return tool.fail("\(error)", code: 1)
        }
        stopDescriptor = server.wakeDescriptor
        signal(SIGTERM, onStopSignal)
        signal(SIGINT, onStopSignal)
        // A parent may start us with these blocked (a test runner's thread, some service
        // managers): unblocked here, before the serving threads exist, so they arrive.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        print("routeit serve: listening on \(configuration.host):\(port) with \(configuration.threads) threads (OSRM v1 and Nominatim APIs; \(MapAttribution.text))")
        fflush(stdout)
        server.run()
        printError("routeit serve: stopped")
        return 0
    }
}

/// Where the stop signal's handler writes (set once before the handler is installed).
nonisolated(unsafe) private var stopDescriptor: Int32 = -1

/// SIGTERM/SIGINT: one byte to the server's wake pipe (write(2) is async-signal-safe).
private let onStopSignal: @convention(c) (Int32) -> Void = { _ in
    var byte: UInt8 = 1
    _ = write(stopDescriptor, &byte, 1)
}
