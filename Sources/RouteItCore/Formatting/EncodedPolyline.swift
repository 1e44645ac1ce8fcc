/// Google's encoded polyline format, as OSRM writes `geometries=polyline` (precision 5) and
/// `polyline6` (precision 6) and reads `polyline(...)` coordinates: latitude then longitude,
/// each the zig-zag varint of the difference from the previous point in 5-bit groups + 63.
public enum EncodedPolyline {
    public static func encode(_ points: [Coordinate], precision: Int = 5) -> String {
        let factor = precision == 6 ? 1e6 : 1e5
        var out: [UInt8] = []
        out.reserveCapacity(points.count * 8)
        var lastLat = 0, lastLon = 0
        for p in points {
            let lat = Int((p.latitude * factor).rounded()), lon = Int((p.longitude * factor).rounded())
            append(lat - lastLat, to: &out)
            append(lon - lastLon, to: &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The points of `text`, nil when it is not a whole encoded polyline (a character outside
    /// `?`...`~`, a value cut short, or a point out of range).
    public static func decode(_ text: String, precision: Int = 5) -> [Coordinate]? {
        let factor = precision == 6 ? 1e6 : 1e5
        var points: [Coordinate] = []
        var lat = 0, lon = 0
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            guard let dLat = value(&bytes), let dLon = value(&bytes) else { return nil }
            let (la, laOverflow) = lat.addingReportingOverflow(dLat)
            let (lo, loOverflow) = lon.addingReportingOverflow(dLon)
            guard !laOverflow, !loOverflow else { return nil }
            lat = la
            lon = lo
            let c = Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor)
            guard c.isValid else { return nil }
            points.append(c)
        }
        return points
    }

    private static func append(_ value: Int, to out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }

    private static func value(_ bytes: inout ArraySlice<UInt8>) -> Int? {
        var result = 0, shift = 0
        while let byte = bytes.popFirst() {
            guard byte >= 63, byte <= 126, shift <= 30 else { return nil }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1f) << shift
            shift += 5
            if chunk < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
        }
        return nil
    }
}
