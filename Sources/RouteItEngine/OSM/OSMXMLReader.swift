@preconcurrency import CLibXML2
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Streams an `.osm` XML file (OSM API 0.6 format) with libxml2's streaming reader: memory
/// stays bounded by one element, whatever the file size, and damaged input (bad UTF-8, broken
/// tags, entity bombs) is refused with one line naming the line and byte. Every `read` parses
/// the input again from the start. Reads a file, or bytes in memory (for fuzzing and tests).
public final class OSMXMLReader: OSMReader {
    private enum Source {
        case file(URL)
        case bytes(Data)
    }

    /// The file name used in messages.
    public let name: String
    private let source: Source
    /// Elements the last `read` left out (no numeric id, a bad node reference, ...).
    public private(set) var skipped = SkippedElements()

    public init(url: URL) {
        name = url.lastPathComponent
        source = .file(url)
    }

    public init(data: Data, name: String = "input.osm") {
        self.name = name
        source = .bytes(data)
    }

    /// `<bounds>` and the file's timestamp (`<osm timestamp=…>` or Overpass `<meta osm_base=…>`);
    /// parsing stops at the first element.
    public var info: OSMFileInfo {
        get throws {
            var assembler = OSMXMLAssembler(fileName: name, kinds: [])
            try parse(&assembler, stopAtFirstEntity: true) { _ in }
            return assembler.info
        }
    }

    public func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws {
        var assembler = OSMXMLAssembler(fileName: name, kinds: kinds)
        skipped = SkippedElements()
        try parse(&assembler, stopAtFirstEntity: false, emit: body)
        skipped = assembler.skipped
    }

    private func parse(_ assembler: inout OSMXMLAssembler, stopAtFirstEntity: Bool,
                       emit: (OSMEntity) throws -> Void) throws {
        try withReader { reader, size in
            var captured = RouteItXMLError()
            try withUnsafeMutablePointer(to: &captured) { error in
                routeit_xml_capture_errors(reader, error)
                defer { xmlTextReaderSetStructuredErrorHandler(reader, nil, nil) }
                while true {
                    let status = xmlTextReaderRead(reader)
                    if status == 0 { break }
                    guard status > 0 else { throw syntaxError(error.pointee, size: size) }
                    let type = xmlTextReaderNodeType(reader)
                    let depth = Int(xmlTextReaderDepth(reader))
                    if type == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                        let element = String(cString: xmlTextReaderConstName(reader))
                        if stopAtFirstEntity, depth == 1, OSMXMLAssembler.isEntity(element) { return }
                        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                        try assembler.start(element, depth: depth) { Self.attribute($0, of: reader) }
                        if isEmpty, let entity = assembler.end(depth: depth) { try emit(entity) }
                    } else if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
                        if let entity = assembler.end(depth: depth) { try emit(entity) }
                    }
                }
                if error.pointee.isSet != 0 { throw syntaxError(error.pointee, size: size) }
            }
        }
        if !assembler.sawRoot && !stopAtFirstEntity {
            throw OSMReadError("\(name) is not an OSM XML file (it has no <osm> element)")
        }
    }

    private static func attribute(_ name: String, of reader: xmlTextReaderPtr) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { xmlFree(value) }
        return String(cString: value)
    }

    /// A libxml2 reader on the file or the bytes, and the input's size in bytes.
    private func withReader(_ body: (xmlTextReaderPtr, Int) throws -> Void) throws {
        _ = Self.libraryReady
        // No network, no external entities or DTDs; entity expansion stays within libxml2's limits.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue)
        switch source {
        case .file(let url):
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OSMReadError("Cannot read \(url.path): \(Self.describe(errno: errno)).") }
            defer { close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw OSMReadError("Cannot read \(url.path): \(Self.describe(errno: errno)).") }
            guard status.st_mode & S_IFMT != S_IFDIR else { throw OSMReadError("\(name) is a directory, not an OSM file") }
            guard let reader = xmlReaderForFd(fd, url.path, nil, options) else {
                throw OSMReadError("Cannot read \(name): out of memory.")
            }
            defer { xmlFreeTextReader(reader) }
            try body(reader, Int(status.st_size))
        case .bytes(let data):
            guard !data.isEmpty else { throw OSMReadError("\(name) is not valid OSM XML: it is empty") }
            guard data.count <= Int(Int32.max) else { throw OSMReadError("\(name) is too large to read from memory") }
            try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                guard let reader = xmlReaderForMemory(base, Int32(raw.count), name, nil, options) else {
                    throw OSMReadError("Cannot read \(name): out of memory.")
                }
                defer { xmlFreeTextReader(reader) }
                try body(reader, raw.count)
            }
        }
    }

    /// libxml2 is set up once per process, before any thread uses it.
    private static let libraryReady: Bool = {
        xmlInitParser()
        return true
    }()

    /// "X is not valid OSM XML: <reason> at line L, byte B".
    private func syntaxError(_ error: RouteItXMLError, size: Int) -> OSMReadError {
        guard error.isSet != 0 else { return OSMReadError("\(name) is not valid OSM XML") }
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        var reason = Self.describe(code: Int(error.code), message: message)
        // A parser that stops at the very end of the input met the end of the file too early.
        if size > 0, error.byteOffset >= size, Self.endOfInputCodes.contains(Int(error.code)) {
            reason = "the file ends early (truncated?)"
        }
        var position = "at line \(error.line)"
        if error.byteOffset >= 0 { position += ", byte \(error.byteOffset)" }
        return OSMReadError("\(name) is not valid OSM XML: \(reason) \(position)")
    }

    /// Codes libxml2 gives when the input stops inside the document.
    private static let endOfInputCodes: Set<Int> = [
        Int(XML_ERR_DOCUMENT_END.rawValue), Int(XML_ERR_DOCUMENT_EMPTY.rawValue), Int(XML_ERR_GT_REQUIRED.rawValue),
        Int(XML_ERR_LTSLASH_REQUIRED.rawValue), Int(XML_ERR_TAG_NOT_FINISHED.rawValue),
        Int(XML_ERR_NAME_REQUIRED.rawValue), Int(XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue),
        Int(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue), Int(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue),
        Int(XML_ERR_LITERAL_NOT_FINISHED.rawValue), Int(XML_ERR_COMMENT_NOT_FINISHED.rawValue),
        Int(XML_ERR_PI_NOT_FINISHED.rawValue), Int(XML_ERR_CDATA_NOT_FINISHED.rawValue),
        Int(XML_ERR_XMLDECL_NOT_FINISHED.rawValue), Int(XML_ERR_SPACE_REQUIRED.rawValue),
        Int(XML_ERR_EQUAL_REQUIRED.rawValue), Int(XML_ERR_STRING_NOT_CLOSED.rawValue),
        Int(XML_ERR_STRING_NOT_STARTED.rawValue), Int(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue),
    ]

    /// libxml2's codes in plain words; others keep the first line of libxml2's own message.
    static func describe(code: Int, message: String) -> String {
        switch code {
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue): return "there is no XML content"
        case Int(XML_ERR_DOCUMENT_END.rawValue): return "there is content after the <osm> element"
        case Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_INVALID_ENCODING.rawValue):
            return "invalid UTF-8 or a character XML does not allow"
        case Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue): return "an encoding RouteIt cannot read (use UTF-8)"
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue): return "a closing tag does not match its opening tag"
        case Int(XML_ERR_GT_REQUIRED.rawValue), Int(XML_ERR_TAG_NOT_FINISHED.rawValue): return "an unfinished tag"
        case Int(XML_ERR_NAME_REQUIRED.rawValue): return "a tag without a valid name"
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue): return "an undefined entity"
        case Int(XML_ERR_ENTITY_LOOP.rawValue): return "an entity that refers to itself or expands without end"
        case Int(XML_ERR_ATTRIBUTE_REDEFINED.rawValue): return "an attribute given twice in one tag"
        case Int(XML_ERR_NAME_TOO_LONG.rawValue): return "a tag or attribute name longer than 50,000 characters"
        // libxml2's safety limits, reported as internal errors.
        case Int(XML_ERR_INTERNAL_ERROR.rawValue) where message.contains("Excessive depth"):
            return "elements nested more than 256 deep"
        case Int(XML_ERR_INTERNAL_ERROR.rawValue) where message.contains("Huge input"):
            return "a value longer than 10 MB"
        case Int(XML_ERR_LT_IN_ATTRIBUTE.rawValue), Int(XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue),
             Int(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue), Int(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue):
            return "a malformed attribute"
        default:
            let firstLine = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let trimmed = firstLine.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return "malformed XML" }
            // One line of printable text, whatever bytes the input put into the message.
            let printable = trimmed.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
            return String(printable.prefix(120)).lowercasedFirst
        }
    }

    /// "Permission denied" → "permission denied".
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercasedFirst
    }
}

private extension String {
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
