/// A chosen place on the map (MKMapItem's role): what a slot holds once it is ✓.
public struct MapItem: Hashable, Codable, Sendable {
    public var placemark: Placemark
    public var name: String?
    /// The side of the road a trip must reach and leave the place by (OSRM's `approaches`);
    /// nil: either. Optional so saved places without it read back unchanged.
    public var approach: RoadSideApproach?

    public init(placemark: Placemark, name: String? = nil, approach: RoadSideApproach? = nil) {
        self.placemark = placemark
        self.name = name ?? placemark.name
        self.approach = approach
    }

    public var coordinate: Coordinate { placemark.coordinate }

    /// The place's opening hours, when the map knows them.
    public var openingHours: OpeningHours? { placemark.openingHours.map(OpeningHours.init) }

    /// What to call the place in a sentence: its name, else its first address line.
    public var shortName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? placemark.formattedAddressLines[0] }
}
