import XCTest
@testable import RouteItCore

final class DirectionsViewModelTests: XCTestCase {
    let home = MapItem(placemark: place("Home"))
    let shop = MapItem(placemark: place("Shop"))
    let gym = MapItem(placemark: place("Gym"))

    func testKeepsQuickestAlternativePerLegAndTotals() async throws {
        let router = StubDirections()
        router.set("Home", "Shop", [makeRoute(minutes: 9, metres: 3000, name: "slow"),
                                    makeRoute(minutes: 4, metres: 4000, name: "quick"),
                                    makeRoute(minutes: 6, metres: 2000, name: "short")])
        router.set("Shop", "Home", [makeRoute(minutes: 5, metres: 2500, name: "back")])
        let vm = try await DirectionsViewModel.calculate(trip: [home, shop, home], transportType: .walk,
                                                         using: router, attribution: "© OpenStreetMap contributors")
        XCTAssertEqual(vm.legs.map(\.route.name), ["quick", "back"])
        XCTAssertEqual(vm.totalTravelTime, 9 * 60)
        XCTAssertEqual(vm.totalDistance, 6500)
        XCTAssertEqual(vm.attribution, "© OpenStreetMap contributors")
        XCTAssertTrue(router.requests.allSatisfy { $0.requestsAlternateRoutes && $0.transportType == .walk })
        XCTAssertTrue(router.requests.allSatisfy(\.wantsQuickestOnly), "the router may leave out the slower ones")
    }

    func testLegsRunConcurrentlyButKeepTripOrder() async throws {
        let router = StubDirections()
        // Each leg answers only once all three are asked: asked one by one, they would wait 30 s.
        // (With one leg answering at once, a run that asked it first saw only two at a time.)
        router.set("Home", "Shop", [makeRoute(minutes: 1, metres: 1, name: "1")], heldUntilRequests: 3)
        router.set("Shop", "Gym", [makeRoute(minutes: 1, metres: 1, name: "2")], heldUntilRequests: 3)
        router.set("Gym", "Home", [makeRoute(minutes: 1, metres: 1, name: "3")], heldUntilRequests: 3)
        let vm = try await DirectionsViewModel.calculate(trip: [home, shop, gym, home], transportType: .car, using: router)
        XCTAssertEqual(vm.legs.map(\.route.name), ["1", "2", "3"])
        XCTAssertEqual(vm.legs.map { $0.source.name! + ">" + $0.destination.name! }, ["Home>Shop", "Shop>Gym", "Gym>Home"])
        XCTAssertEqual(router.maxConcurrent, 3, "all three legs asked at once")
    }

    func testAnyLegWithoutRouteIsDirectionsNotAvailable() async {
        let router = StubDirections()
        router.set("Home", "Shop", [makeRoute(minutes: 1, metres: 1)])
        // Shop → Home missing: the stub throws .noRoute.
        let named = Alert("Directions not available. No route from Stop 1 (Shop, 00100 Helsinki) to the start (Home, 00100 Helsinki).")
        await assertAlert(named, router: router)
        // An empty answer means the same.
        router.set("Shop", "Home", [])
        await assertAlert(named, router: router)
        XCTAssertEqual(Alert.directionsNotAvailable.message, "Directions not available.")
    }

    func testOtherRouterErrorsPassThrough() async {
        let router = StubDirections()
        router.error = DirectionsError.unavailable("no map")
        do {
            _ = try await DirectionsViewModel.calculate(trip: [home, shop, home], transportType: .car, using: router)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? DirectionsError, .unavailable("no map"))
        }
    }

    func testCancellationStopsPromptly() async throws {
        let router = StubDirections()
        router.set("Home", "Shop", [makeRoute(minutes: 1, metres: 1)], delayMilliseconds: 60_000)
        router.set("Shop", "Home", [makeRoute(minutes: 1, metres: 1)], delayMilliseconds: 60_000)
        let trip = [home, shop, home]
        let task = Task { try await DirectionsViewModel.calculate(trip: trip, transportType: .car, using: router) }
        // Both legs are asked at once (they run concurrently); cancel while they wait.
        let asked = await router.waitForRequests(2)
        XCTAssertTrue(asked, "both legs asked")
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        // Promptly: the cancel reached both waiting legs (they end by it, not after their 60 s).
        XCTAssertEqual(router.cancelled, 2)
    }

    private func assertAlert(_ alert: Alert, router: StubDirections, line: UInt = #line) async {
        do {
            _ = try await DirectionsViewModel.calculate(trip: [home, shop, home], transportType: .car, using: router)
            XCTFail("expected \(alert)", line: line)
        } catch {
            XCTAssertEqual(error as? Alert, alert, line: line)
        }
    }
}
