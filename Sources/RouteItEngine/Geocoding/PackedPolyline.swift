import RouteItCore

/// A street line as the map stores it: coordinates in 1e-7 degrees (about 1 cm), the first
/// absolute and each next one as the zigzag varint difference from the one before, so a
/// segment of a city street costs about 4 bytes instead of an R*Tree row of 80.
enum PackedPolyline {
    static let scale = 10_000_000.0

    /// 1e-7 degrees, rounded (what the `rtree_i32` boxes hold too).
    static func fixed(_ degrees: Double) -> Int64 { Int64((degrees * scale).rounded()) }

    static func encode(_ line: [Coordinate]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count * 5)
        var lat: Int64 = 0, lon: Int64 = 0
        for p in line {
            let a = fixed(p.latitude), b = fixed(p.longitude)
            append(a - lat, to: &bytes)
            append(b - lon, to: &bytes)
            (lat, lon) = (a, b)
        }
        return bytes
    }

    /// The coordinates of `encode`'s bytes; stops at the first malformed value (a damaged map
    /// gives a shorter line, not a crash).
    static func decode(_ bytes: [UInt8]) -> [Coordinate] {
        var line: [Coordinate] = []
        var i = 0, lat: Int64 = 0, lon: Int64 = 0
        while i < bytes.count {
            guard let dLat = read(bytes, &i), let dLon = read(bytes, &i) else { break }
            lat &+= dLat
            lon &+= dLon
            line.append(Coordinate(latitude: Double(lat) / scale, longitude: Double(lon) / scale))
        }
        return line
    }

    private static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    private static func read(_ bytes: [UInt8], _ i: inout Int) -> Int64? {
        var result: UInt64 = 0, shift: UInt64 = 0
        while i < bytes.count, shift < 64 {
            let byte = bytes[i]
            i += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1) }
            shift += 7
        }
        return nil
    }
}
