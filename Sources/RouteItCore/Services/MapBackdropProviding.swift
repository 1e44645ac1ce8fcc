/// Road centre lines to draw under a trip (the terminal map's and SVG's grey streets).
/// The embedded engine implements it from its road graph; without a map there is no backdrop.
public protocol MapBackdropProviding: Sendable {
    func roads(in box: BoundingBox) -> [[Coordinate]]
}
