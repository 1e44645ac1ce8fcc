import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens

/// The Nominatim response decoder: an input is the body of `/search` and `/reverse` answers
/// (HTTP 400 when it carries Nominatim's `{"error":{"code":400,…}}`, else 200), fetched through
/// the real HTTP client and shown as the shell shows it: the address picker and reverse lines.
enum FuzzTarget {
    nonisolated(unsafe) static var server: LoopbackServer!
    nonisolated(unsafe) static var geocoder: NominatimGeocoder!

    static func setUp() {
        server = LoopbackServer()
        geocoder = NominatimGeocoder(baseURL: server.baseURL, configuration: RemoteConfiguration(timeout: 10, maxAttempts: 1))
    }

    static func run(_ data: Data) {
        let rejected = String(decoding: data, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains("\"code\":400")
        server.serve(status: rejected ? 400 : 200, body: data)
        let geocoder = self.geocoder!
        let picker = runBlocking { try? await AddressPickerViewModel.search("Annankatu 25", forSlotAt: 1, using: geocoder) }
        if let picker {
            _ = AddressPickerScreen.render(picker, style: TextStyle(usesColour: true))
            _ = try? picker.pick(row: 1)
        }
        let place = runBlocking { try? await geocoder.reverseGeocode(Coordinate(latitude: 60.1699, longitude: 24.9384)) }
        if let place = place.flatMap({ $0 }) {
            _ = place.formattedAddress
            _ = MapItem(placemark: place).name
        }
    }
}
