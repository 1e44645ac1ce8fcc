import XCTest
@testable import RouteItCore

/// Directions double: time = a fixed table per (source name, destination name), records calls.
private final class TableDirections: Directions, @unchecked Sendable {
    let table: [String: Double]
    let failing: Set<String>
    let delayNanoseconds: UInt64
    private let lock = NSLock()
    private var _inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var requests: [DirectionsRequest] = []

    init(table: [String: Double], failing: Set<String> = [], delayNanoseconds: UInt64 = 2_000_000) {
        self.table = table
        self.failing = failing
        self.delayNanoseconds = delayNanoseconds
    }

    private func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }

    /// A backend without a matrix search of its own: one route per pair, three at a time.
    func table(_ request: TravelTableRequest) async throws -> TravelTable {
        try await OneToOneTable.table(request, using: self, maxConcurrentRequests: 3)
    }
    func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        locked {
            requests.append(request)
            _inFlight += 1
            maxInFlight = max(maxInFlight, _inFlight)
        }
        defer { locked { _inFlight -= 1 } }
        try await Task.sleep(nanoseconds: delayNanoseconds)
        let key = "\(request.source.name ?? "")>\(request.destination.name ?? "")"
        if failing.contains(key) { throw DirectionsError.unavailable("backend down") }
        guard let seconds = table[key] else { throw DirectionsError.noRoute }
        // Two routes: the matrix must take the quicker one.
        return [Route(distance: 1, expectedTravelTime: seconds + 60, transportType: request.transportType, polyline: [], steps: []),
                Route(distance: 1, expectedTravelTime: seconds, transportType: request.transportType, polyline: [], steps: [])]
    }
}

final class TripOrderDurationMatrixTests: XCTestCase {
    private func stop(_ name: String, _ lat: Double) -> MapItem {
        MapItem(placemark: Placemark(name: name, coordinate: Coordinate(latitude: lat, longitude: 24.9)))
    }

    func testFillsEveryOrderedPairWithoutAlternativesAndBoundedConcurrency() async throws {
        let names = ["A", "B", "C", "D", "E"]
        var table: [String: Double] = [:]
        for (i, a) in names.enumerated() { for (j, b) in names.enumerated() where i != j { table["\(a)>\(b)"] = Double(100 * i + j) } }
        table["C>A"] = nil // no route this way
        let directions = TableDirections(table: table)
        let m = try await TripOrderPlanner.durationMatrix(for: names.enumerated().map { stop($0.element, 60 + Double($0.offset) / 100) }, transportType: .walk, using: directions)

        XCTAssertEqual(m.size, 5)
        for i in 0..<5 { for j in 0..<5 {
            if i == j { XCTAssertEqual(m[i, j], 0) }
            else if i == 2 && j == 0 { XCTAssertEqual(m[i, j], .infinity) }
            else { XCTAssertEqual(m[i, j], Double(100 * i + j), "\(i)→\(j)") }
        } }
        XCTAssertEqual(directions.requests.count, 20)
        XCTAssertTrue(directions.requests.allSatisfy { !$0.requestsAlternateRoutes && $0.transportType == .walk })
        XCTAssertLessThanOrEqual(directions.maxInFlight, 3)
        XCTAssertGreaterThan(directions.maxInFlight, 1, "requests should overlap")
    }

    /// The planner asks its table at the trip's departure, so a router that knows turn
    /// restrictions with times answers as the trip's routes will.
    func testThePlannersTableIsAskedAtTheTripsDeparture() async throws {
        let names = ["A", "B", "C"]
        var table: [String: Double] = [:]
        for a in names { for b in names where a != b { table["\(a)>\(b)"] = 60 } }
        let directions = TableDirections(table: table, delayNanoseconds: 0)
        let leaving = Date(timeIntervalSinceReferenceDate: 818_000_000)
        let places = names.enumerated().map { TripPlace(item: stop($0.element, 60 + Double($0.offset) / 100), label: $0.element) }
        _ = try await TripOrderPlanner.order(places, transportType: .car, using: directions, departure: leaving)
        XCTAssertEqual(directions.requests.count, 6)
        XCTAssertTrue(directions.requests.allSatisfy { $0.departureDate == leaving })
    }

    func testBackendErrorsAreNotMistakenForMissingRoads() async {
        let directions = TableDirections(table: ["A>B": 1, "B>A": 1], failing: ["B>A"])
        do {
            _ = try await TripOrderPlanner.durationMatrix(for: [stop("A", 60), stop("B", 60.1)], transportType: .car, using: directions)
            XCTFail("expected the backend error")
        } catch {
            XCTAssertEqual(error as? DirectionsError, .unavailable("backend down"))
        }
    }

    func testCancellationStopsIssuingRequests() async throws {
        let names = (0..<10).map { "S\($0)" }
        var table: [String: Double] = [:]
        for a in names { for b in names where a != b { table["\(a)>\(b)"] = 1 } }
        // A backend that answers nothing until the request is cancelled.
        let directions = TableDirections(table: table, delayNanoseconds: 600_000_000_000)
        let stops = names.enumerated().map { stop($0.element, 60 + Double($0.offset) / 100) }
        let task = Task { try await TripOrderPlanner.durationMatrix(for: stops, transportType: .car, using: directions) }
        // Cancel once the first requests are out (three at a time).
        let deadline = Date().addingTimeInterval(30)
        while directions.requests.count < 3 && Date() < deadline { try await Task.sleep(nanoseconds: 2_000_000) }
        XCTAssertEqual(directions.requests.count, 3)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        XCTAssertEqual(directions.requests.count, 3, "no request is asked after the cancel")
    }

    func testOptimizesAFilledMatrix() async throws {
        // Stops on a line A(0) B(1) C(2) D(3): time = distance × 10; best round trips cost 60 (A B C D A, A B D C A, ...).
        let names = ["A", "C", "B", "D"]
        let position = ["A": 0.0, "B": 1, "C": 2, "D": 3]
        var table: [String: Double] = [:]
        for a in names { for b in names where a != b { table["\(a)>\(b)"] = abs(position[a]! - position[b]!) * 10 } }
        let directions = TableDirections(table: table)
        let m = try await TripOrderPlanner.durationMatrix(for: names.map { stop($0, 60) }, transportType: .car, using: directions)
        let result = try TripOrderOptimizer.improve([1, 2, 3], in: m)
        XCTAssertEqual(result.before, 20 + 10 + 20 + 30) // A C B D A
        XCTAssertEqual(result.order.duration, 60)
        XCTAssertEqual(result.saved, 20)
        XCTAssertEqual(m.roundTripDuration(visiting: result.order.stops), 60, "got \(result.order.stops)")
    }
}
