/// A one-line reason the router cannot use a map.
struct DirectionsErrorMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
