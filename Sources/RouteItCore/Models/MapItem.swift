/// A chosen place on the map (MKMapItem's role): what a slot holds once it is ✓.
public struct MapItem: Hashable, Codable, Sendable {
    public var placemark: Placemark
    public var name: String?

    public init(placemark: Placemark, name: String? = nil) {
        self.placemark = placemark
        self.name = name ?? placemark.name
    }

    public var coordinate: Coordinate { placemark.coordinate }

    /// The place's opening hours, when the map knows them.
    public var openingHours: OpeningHours? { placemark.openingHours.map(OpeningHours.init) }

    /// What to call the place in a sentence: its name, else its first address line.
    public var shortName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? placemark.formattedAddressLines[0] }
}
