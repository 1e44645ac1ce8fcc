import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RouteItCore

/// The waypoints of a GPX file with RouteIt's extensions (`open trip.gpx`). A value RouteIt
/// cannot use stops the reading with its problem; a file that is not GPX reads as nil.
final class GPXTripParser: NSObject, XMLParserDelegate {
    private var slots: [EntrySlot] = []
    private var trip: [String: String] = [:]
    private var inWaypoint = false
    private var waypointNumber = 0
    private var coordinate = Coordinate(latitude: .nan, longitude: .nan)
    private var name: String?
    private var stay: TimeInterval = 0
    private var place: Placemark?
    private var windows: [VisitWindow] = []
    private var priority = StopPriority.normal
    private var text = ""
    private var isGPX = false
    /// The root's end tag was read: a file cut off before it is damaged even where the XML
    /// reader does not say so.
    private var gpxEnded = false
    private var problem: TripFileFields.Problem?

    static func parse(_ data: Data) throws -> ImportedTrip? {
        let delegate = GPXTripParser()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        let parsed = parser.parse()
        if let problem = delegate.problem { throw problem }
        guard delegate.isGPX else { return nil }
        guard parsed, delegate.gpxEnded else {
            throw TripFileFields.Problem(text: "it is cut off or damaged (not well-formed XML near line \(parser.lineNumber))")
        }
        return try TripFileFields.importedTrip(delegate.slots, values: delegate.trip) { "waypoint \($0 + 1)" }
    }

    /// Keeps the first problem and stops reading.
    private func check(_ parser: XMLParser, _ body: () throws -> Void) {
        do {
            try body()
        } catch let problem as TripFileFields.Problem {
            if self.problem == nil { self.problem = problem }
            parser.abortParsing()
        } catch {
            if self.problem == nil { self.problem = TripFileFields.Problem(text: "\(error)") }
            parser.abortParsing()
        }
    }

    private var stop: String { "waypoint \(waypointNumber)" }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        text = ""
        switch (namespaceURI, element) {
        case (_, "gpx"): isGPX = true
        case (GPXExport.extensionNamespace, "trip"): trip = attributes
        case (_, "wpt"):
            inWaypoint = true
            waypointNumber += 1
            let lat = attributes["lat"], lon = attributes["lon"]
            check(parser) {
                coordinate = try TripFileFields.position(latitude: lat.flatMap { Double($0) }, longitude: lon.flatMap { Double($0) }, stop: stop,
                                                         said: "lat=\(QuotedInput.text(lat ?? "")) lon=\(QuotedInput.text(lon ?? ""))")
            }
            name = nil
            stay = 0
            place = nil
            windows = []
            priority = .normal
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "gpx", namespaceURI != GPXExport.extensionNamespace { gpxEnded = true }
        guard inWaypoint else { return }
        let text = self.text
        check(parser) {
            switch (namespaceURI, element) {
            case (GPXExport.extensionNamespace, "stay"): stay = try TripFileFields.stay(text, stop: stop)
            case (GPXExport.extensionNamespace, "place"): place = try TripFileFields.placemark(Data(text.utf8), stop: stop)
            case (GPXExport.extensionNamespace, "windows"): windows = try TripFileFields.windows(text, stop: stop)
            case (GPXExport.extensionNamespace, "priority"): priority = try TripFileFields.priority(text, stop: stop)
            case (_, "name"): name = text
            case (_, "wpt"):
                inWaypoint = false
                slots.append(try TripFileReader.slot(placemark: place, name: name, coordinate: coordinate, stay: stay, windows: windows,
                                                     priority: priority, isStart: slots.isEmpty, stop: stop))
            default: break
            }
        }
    }
}
