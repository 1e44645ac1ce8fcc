/// The OSMHeader blob (osmformat.proto HeaderBlock): bounding box, replication timestamp and
/// the features a reader must understand to read the file correctly.
struct PBFHeaderBlock {
    /// Required features this decoder implements. Anything else (e.g. HistoricalInformation,
    /// where ids repeat once per version) would be misread, so such files are refused.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    var info = OSMFileInfo()
    var requiredFeatures: [String] = []

    init(_ bytes: UnsafeRawBufferPointer) throws {
        var cursor = ProtobufCursor(bytes)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited):
                var box = ProtobufCursor(try cursor.lengthDelimited())
                while let boxField = try box.nextField() {
                    guard boxField.wireType == .varint else { try box.skip(boxField.wireType); continue }
                    let degrees = Double(try box.sint64()) / 1e9  // nanodegrees
                    switch boxField.number {
                    case 1: info.minLongitude = degrees  // left
                    case 2: info.maxLongitude = degrees  // right
                    case 3: info.maxLatitude = degrees   // top
                    case 4: info.minLatitude = degrees   // bottom
                    default: break
                    }
                }
            case (4, .lengthDelimited):
                requiredFeatures.append(String(decoding: try cursor.lengthDelimited(), as: UTF8.self))
            case (32, .varint):
                info.timestamp = try cursor.int64()  // osmosis_replication_timestamp, seconds
            default:
                try cursor.skip(field.wireType)
            }
        }
    }

    var unsupportedFeatures: [String] {
        requiredFeatures.filter { !Self.supportedFeatures.contains($0) }
    }
}
