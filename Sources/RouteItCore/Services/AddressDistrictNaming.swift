/// A geocoder that can name the neighbourhood, quarter and suburb of its answers' addresses
/// (`Placemark.districts`). Read only for an answer that shows them (Nominatim's JSON): a search
/// for the picker reads no district rows, as a cold lookup counts its pages.
public protocol AddressDistrictNaming {
    /// `placemarks` (this geocoder's answers) with their `districts`.
    func withDistricts(_ placemarks: [Placemark]) throws -> [Placemark]
}

extension Geocoding {
    /// `placemarks` (this geocoder's answers) with their districts when it can name them; else as they are.
    public func namingDistricts(of placemarks: [Placemark]) throws -> [Placemark] {
        try (self as? AddressDistrictNaming)?.withDistricts(placemarks) ?? placemarks
    }
}
