import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Streams an `.osm` XML file (OSM API 0.6 format) with a SAX parser: memory stays bounded by
/// one element, whatever the file size. Every `read` parses the file again from the start.
public final class OSMXMLReader: OSMReader {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// `<bounds>` and the file's timestamp (`<osm timestamp=…>` or Overpass `<meta osm_base=…>`);
    /// parsing stops at the first element.
    public var info: OSMFileInfo {
        get throws {
            let handler = OSMXMLHandler(fileName: url.lastPathComponent, kinds: [], stopAtFirstEntity: true) { _ in }
            try run(handler)
            return handler.info
        }
    }

    public func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws {
        try withoutActuallyEscaping(body) { escapable in
            let handler = OSMXMLHandler(fileName: url.lastPathComponent, kinds: kinds, stopAtFirstEntity: false, emit: escapable)
            try run(handler)
        }
    }

    private func run(_ handler: OSMXMLHandler) throws {
        let name = url.lastPathComponent
        guard let stream = InputStream(url: url) else {
            throw OSMReadError("\(name): cannot open the file")
        }
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        parser.delegate = handler
        let ok = parser.parse()
        if let failure = handler.bodyFailure { throw failure }
        if handler.stoppedEarly && handler.failure == nil { return }
        // Linux's stream parser neither reports a missing end of document nor holds back a tag
        // cut off by the end of the file, so a truncated file is recognised by its tail.
        if handler.sawRoot, handler.failure != nil || !ok || !handler.closedRoot, !endsLikeOSMDocument() {
            throw OSMReadError("\(name): invalid OSM XML: the file ends early at line \(parser.lineNumber) (truncated?)")
        }
        if let failure = handler.failure { throw failure }
        if !ok {
            let reason = (parser.parserError as NSError?).map { Self.describe($0) } ?? "unreadable XML"
            throw OSMReadError("\(name): invalid OSM XML at line \(parser.lineNumber): \(reason)")
        }
        if !handler.sawRoot {
            throw OSMReadError("\(name): not an OSM XML file (no <osm> element)")
        }
        if !handler.closedRoot {
            throw OSMReadError("\(name): invalid OSM XML: the <osm> element is never closed")
        }
    }

    /// Whether the file ends with `</osm>` or a self-closed `<osm … />` (trailing space allowed).
    private func endsLikeOSMDocument() -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return false }
        try? handle.seek(toOffset: size > 512 ? size - 512 : 0)
        let tail = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if tail.hasSuffix("</osm>") { return true }
        guard tail.hasSuffix("/>"), let lastTag = tail.range(of: "<", options: .backwards) else { return false }
        return tail[lastTag.upperBound...].hasPrefix("osm")
    }

    /// Linux's XMLParser reports bare error codes; the common ones get words.
    private static func describe(_ error: NSError) -> String {
        switch error.code {
        case 4: return "no XML content"
        case 5: return "the document is not a single well-formed element"
        case 9: return "invalid character"
        case 38...42: return "malformed attribute"
        case 73, 77: return "unfinished tag"
        case 76: return "a closing tag does not match its opening tag"
        case 85: return "unbalanced tags (truncated?)"
        case 86: return "extra content after the <osm> element"
        default: return "XML syntax error (code \(error.code))"
        }
    }
}

/// SAX callbacks → OSM entities. Errors are stored and parsing aborted, since delegate
/// methods cannot throw.
final class OSMXMLHandler: NSObject, XMLParserDelegate {
    private let fileName: String
    private let kinds: OSMEntityKinds
    private let stopAtFirstEntity: Bool
    private let emit: (OSMEntity) throws -> Void

    private(set) var info = OSMFileInfo()
    /// A problem in the data.
    private(set) var failure: OSMReadError?
    /// What the caller's closure threw; passed on untouched.
    private(set) var bodyFailure: Error?
    private(set) var sawRoot = false
    private(set) var closedRoot = false
    private(set) var stoppedEarly = false

    private enum Open {
        case none
        case node(OSMNode)
        case way(OSMWay)
        case relation(OSMRelation)
        /// An element of a kind the caller did not ask for: its children are ignored.
        case skipped(String)
    }
    private var open = Open.none

    init(fileName: String, kinds: OSMEntityKinds, stopAtFirstEntity: Bool, emit: @escaping (OSMEntity) throws -> Void) {
        self.fileName = fileName
        self.kinds = kinds
        self.stopAtFirstEntity = stopAtFirstEntity
        self.emit = emit
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        do {
            if !sawRoot {
                guard name == "osm" else {
                    throw OSMReadError("\(fileName): not an OSM XML file (root element is <\(name)>, expected <osm>)")
                }
                sawRoot = true
                if let stamp = attributes["timestamp"] { info.timestamp = Self.parseTimestamp(stamp) }
                return
            }
            switch name {
            case "node", "way", "relation":
                if stopAtFirstEntity {
                    stoppedEarly = true
                    parser.abortParsing()
                    return
                }
                try begin(name, attributes, line: parser.lineNumber)
            case "tag":
                guard let key = attributes["k"], let value = attributes["v"] else {
                    throw invalid("<tag> without k or v", parser)
                }
                switch open {
                case .node(var node): node.tags.append((key, value)); open = .node(node)
                case .way(var way): way.tags.append((key, value)); open = .way(way)
                case .relation(var relation): relation.tags.append((key, value)); open = .relation(relation)
                case .none, .skipped: break
                }
            case "nd":
                guard case .way(var way) = open else { return }
                guard let ref = attributes["ref"].flatMap({ Int64($0) }) else {
                    throw invalid("<nd> without a numeric ref in way \(way.id)", parser)
                }
                way.nodeRefs.append(ref)
                open = .way(way)
            case "member":
                guard case .relation(var relation) = open else { return }
                guard let type = attributes["type"].flatMap({ OSMMember.Kind(rawValue: $0) }),
                      let ref = attributes["ref"].flatMap({ Int64($0) }) else {
                    throw invalid("<member> without a valid type and ref in relation \(relation.id)", parser)
                }
                relation.members.append(OSMMember(kind: type, ref: ref, role: attributes["role"] ?? ""))
                open = .relation(relation)
            case "bounds":
                info.minLatitude = attributes["minlat"].flatMap { Double($0) }
                info.minLongitude = attributes["minlon"].flatMap { Double($0) }
                info.maxLatitude = attributes["maxlat"].flatMap { Double($0) }
                info.maxLongitude = attributes["maxlon"].flatMap { Double($0) }
            case "meta":
                // Overpass API output carries the data's age here.
                if info.timestamp == nil, let stamp = attributes["osm_base"] { info.timestamp = Self.parseTimestamp(stamp) }
            default:
                break
            }
        } catch {
            fail(error as? OSMReadError ?? OSMReadError("\(fileName): \(error)"), parser)
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "osm" { closedRoot = true }
        guard name == "node" || name == "way" || name == "relation" else { return }
        let finished = open
        open = .none
        do {
            switch finished {
            case .node(let node): try emit(.node(node))
            case .way(let way): try emit(.way(way))
            case .relation(let relation): try emit(.relation(relation))
            case .none, .skipped: break
            }
        } catch {
            bodyFailure = error
            parser.abortParsing()
        }
    }

    private func begin(_ name: String, _ attributes: [String: String], line: Int) throws {
        guard let id = attributes["id"].flatMap({ Int64($0) }) else {
            throw OSMReadError("\(fileName): invalid OSM XML at line \(line): <\(name)> without a numeric id")
        }
        // History and change files mark deleted versions; they are not part of the map.
        if attributes["visible"] == "false" || attributes["action"] == "delete" {
            open = .skipped(name)
            return
        }
        switch name {
        case "node":
            guard kinds.contains(.nodes) else { open = .skipped(name); return }
            guard let lat = attributes["lat"].flatMap({ Double($0) }), let lon = attributes["lon"].flatMap({ Double($0) }),
                  (-90.0...90.0).contains(lat), (-180.0...180.0).contains(lon) else {
                throw OSMReadError("\(fileName): invalid OSM XML at line \(line): node \(id) has no valid lat/lon")
            }
            open = .node(OSMNode(id: id, latitude: lat, longitude: lon))
        case "way":
            open = kinds.contains(.ways) ? .way(OSMWay(id: id, nodeRefs: [])) : .skipped(name)
        default:
            open = kinds.contains(.relations) ? .relation(OSMRelation(id: id, members: [])) : .skipped(name)
        }
    }

    private func invalid(_ what: String, _ parser: XMLParser) -> OSMReadError {
        OSMReadError("\(fileName): invalid OSM XML at line \(parser.lineNumber): \(what)")
    }

    private func fail(_ error: OSMReadError, _ parser: XMLParser) {
        if failure == nil { failure = error }
        parser.abortParsing()
    }

    /// OSM timestamps are ISO 8601 in UTC, e.g. `2016-03-05T00:26:02Z`.
    static func parseTimestamp(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { return nil }
        return Int64(date.timeIntervalSince1970)
    }
}
