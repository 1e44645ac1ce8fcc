import Foundation
import RouteItCore

/// Fixes from a GPX file's `trkpt` points that have a `time` (GPX 1.0's `course` and `speed` too).
enum GPXTrack {
    static func fixes(in text: String) -> [GuidanceFix] {
        var fixes: [GuidanceFix] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<trkpt") {
            let afterOpen = rest[open.upperBound...]
            guard let tagEnd = afterOpen.firstIndex(of: ">") else { break }
            let attributes = afterOpen[..<tagEnd]
            let selfClosing = attributes.hasSuffix("/")
            var body: Substring = ""
            if selfClosing {
                rest = afterOpen[afterOpen.index(after: tagEnd)...]
            } else if let close = afterOpen.range(of: "</trkpt>") {
                body = afterOpen[afterOpen.index(after: tagEnd)..<close.lowerBound]
                rest = afterOpen[close.upperBound...]
            } else {
                break
            }
            guard let lat = attribute("lat", in: attributes).flatMap(Double.init),
                  let lon = attribute("lon", in: attributes).flatMap(Double.init),
                  let time = element("time", in: body).flatMap(UTCTimeText.parse) else { continue }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            guard coordinate.isValid else { continue }
            fixes.append(GuidanceFix(coordinate: coordinate, time: time, heading: element("course", in: body).flatMap(Double.init),
                                     speed: element("speed", in: body).flatMap(Double.init),
                                     accuracy: element("hdop", in: body).flatMap(Double.init).map { $0 * NMEATrack.metresPerHDOP }))
        }
        return fixes
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            if let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\t\(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
               let end = tag[start.upperBound...].firstIndex(of: Character(quote)) {
                return String(tag[start.upperBound..<end])
            }
        }
        return nil
    }

    private static func element(_ name: String, in body: Substring) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body[open.upperBound...].range(of: "</\(name)>") else { return nil }
        return body[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
