import Foundation

/// Where the node map's characters lie: OSRM's test support (`support/data.js`) offsets the
/// origin by grid cells with cheap-ruler (WGS84, in metres) at the origin's latitude.
public struct ScenarioGrid: Sendable {
    /// `env.DEFAULT_ORIGIN` and `env.DEFAULT_GRID_SIZE`.
    public var origin = (longitude: 1.0, latitude: 1.0)
    public var gridSize = 100.0

    public init() {}

    /// Degrees per grid cell as OSRM's `zoom` (1 / (DEG_TO_RAD × EARTH_RADIUS) per metre): the
    /// tolerance a maneuver's location is matched to a node with (a quarter of it).
    public var zoom: Double { gridSize * 0.8990679362704610899694577444566908445396483347536032203503e-5 }

    /// cheap-ruler's `offset(origin, x × grid, y × grid)`: [longitude, latitude].
    public func offset(cellsX: Double, cellsY: Double) -> (longitude: Double, latitude: Double) {
        let (kx, ky) = Self.ruler(latitude: origin.latitude)
        return (origin.longitude + cellsX * gridSize / kx, origin.latitude + cellsY * gridSize / ky)
    }

    /// A node map character at row `row`, column `column` (half a cell per character).
    public func position(row: Int, column: Int) -> (longitude: Double, latitude: Double) {
        offset(cellsX: Double(column) * 0.5, cellsY: -Double(row))
    }

    /// cheap-ruler's metres per degree of longitude and latitude.
    static func ruler(latitude: Double) -> (kx: Double, ky: Double) {
        let equatorialRadiusKm = 6378.137, flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let m = Double.pi / 180 * equatorialRadiusKm * 1000
        let coslat = cos(latitude * .pi / 180)
        let w2 = 1 / (1 - e2 * (1 - coslat * coslat))
        let w = w2.squareRoot()
        return (m * w * coslat, m * w * w2 * (1 - e2))
    }
}
