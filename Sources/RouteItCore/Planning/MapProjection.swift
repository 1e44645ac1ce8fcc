import Foundation

/// Equirectangular projection onto a pixel grid (x right, y down), with longitudes shrunk by
/// cos(latitude) at the centre so city-scale maps keep their true shape. Shared by the terminal
/// map and the SVG export so both draw the same picture.
public struct MapProjection: Hashable, Sendable {
    /// The smallest span shown, in degrees of latitude (~220 m), so a one-point trip still
    /// gets a sensible street-level view instead of an infinite zoom.
    public static let minimumSpan = 0.002

    public let width: Double
    public let height: Double
    public let center: Coordinate
    /// Pixels per degree of latitude (and per cos-scaled degree of longitude).
    public let scale: Double
    private let cosine: Double

    /// Fits `box` centred into `width`×`height` pixels, leaving `margin` pixels on every side.
    /// Total: a box outside the world (or NaN, from a bad server) is held to the world, so the
    /// scale is always finite and positive.
    public init(fitting box: BoundingBox, width: Double, height: Double, margin: Double) {
        func held(_ value: Double, _ limit: Double) -> Double { value.isNaN ? 0 : min(max(value, -limit), limit) }
        func positive(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 1 }
        self.width = positive(width)
        self.height = positive(height)
        let minLatitude = held(box.minLatitude, 90), maxLatitude = held(box.maxLatitude, 90)
        let minLongitude = held(box.minLongitude, 180), maxLongitude = held(box.maxLongitude, 180)
        center = Coordinate(latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2)
        cosine = max(cos(center.latitude * .pi / 180), 0.01)
        let spanX = max((maxLongitude - minLongitude) * cosine, Self.minimumSpan)
        let spanY = max(maxLatitude - minLatitude, Self.minimumSpan)
        let margin = margin.isFinite ? margin : 0
        let usableWidth = max(self.width - 2 * margin, 1)
        let usableHeight = max(self.height - 2 * margin, 1)
        scale = min(usableWidth / spanX, usableHeight / spanY)
    }

    /// Pixel position of `c` (may lie outside the grid).
    public func point(_ c: Coordinate) -> (x: Double, y: Double) {
        (width / 2 + (c.longitude - center.longitude) * cosine * scale,
         height / 2 - (c.latitude - center.latitude) * scale)
    }

    /// The inverse of `point`.
    public func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: center.latitude + (height / 2 - y) / scale,
                   longitude: center.longitude + (x - width / 2) / (cosine * scale))
    }

    /// Ground metres covered by one pixel.
    public var metresPerPixel: Double { Geodesy.metresPerDegree / scale }

    /// Everything the grid shows: what to ask the backdrop for.
    public var visibleBox: BoundingBox {
        let topLeft = coordinate(x: 0, y: 0)
        let bottomRight = coordinate(x: width, y: height)
        return BoundingBox(minLatitude: bottomRight.latitude, minLongitude: topLeft.longitude,
                           maxLatitude: topLeft.latitude, maxLongitude: bottomRight.longitude)
    }
}
