import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element for the round-trip tests (Foundation's XMLParser, namespace-aware).
final class ExportXMLTree {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    var text = ""
    var children: [ExportXMLTree] = []

    init(name: String, namespace: String?, attributes: [String: String]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
    }

    func all(_ name: String) -> [ExportXMLTree] { children.filter { $0.name == name } }
    func first(_ name: String) -> ExportXMLTree? { children.first { $0.name == name } }
    func descendants(_ name: String) -> [ExportXMLTree] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    struct ParseError: Error, CustomStringConvertible { let description: String }

    static func parse(_ text: String) throws -> ExportXMLTree {
        let delegate = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse(), let root = delegate.root else {
            throw ParseError(description: "XML does not parse: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: ExportXMLTree?
        var stack: [ExportXMLTree] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = ExportXMLTree(name: elementName, namespace: namespaceURI, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
