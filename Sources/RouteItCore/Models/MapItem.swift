/// A chosen place on the map (MKMapItem's role): what a slot holds once it is ✓.
public struct MapItem: Hashable, Codable, Sendable {
    public var placemark: Placemark
    public var name: String?

    public init(placemark: Placemark, name: String? = nil) {
        self.placemark = placemark
        self.name = name ?? placemark.name
    }

    public var coordinate: Coordinate { placemark.coordinate }
}
