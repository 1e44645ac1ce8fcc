import Foundation
import RouteItCore

/// `export track FILE.gpx` after `go`: GPX 1.1 with the planned route, one `<rte>` per leg, and
/// the travelled track as a `<trk>` of timed points, credited to OpenStreetMap as the other
/// exports are.
public enum TrackExport {
    public static func gpx(track: [GuidanceFix], planned: [Route]) -> String {
        var out = GPXOpening.text(name: "RouteIt drive")
        if let first = track.first { out += "    <time>\(FollowEventJSON.isoTime(first.time))</time>\n" }
        out += "  </metadata>\n"
        for (index, leg) in planned.enumerated() {
            out += "  <rte>\n    <name>Planned leg \(index + 1)</name>\n    <number>\(index + 1)</number>\n"
            for point in leg.polyline where point.isValid {
                out += "    <rtept \(position(point))/>\n"
            }
            out += "  </rte>\n"
        }
        out += "  <trk>\n    <name>Travelled</name>\n    <trkseg>\n"
        for fix in track where fix.isUsable {
            out += "      <trkpt \(position(fix.coordinate))><time>\(FollowEventJSON.isoTime(fix.time))</time></trkpt>\n"
        }
        out += "    </trkseg>\n  </trk>\n</gpx>\n"
        return out
    }

    private static func position(_ c: Coordinate) -> String {
        "lat=\"\(ExportNumber.degrees(c.latitude))\" lon=\"\(ExportNumber.degrees(c.longitude))\""
    }
}
