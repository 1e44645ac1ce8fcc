import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RouteItCore

/// The waypoints of a GPX file with RouteIt's extensions (`open trip.gpx`). A value RouteIt
/// cannot use stops the reading with its problem; a file that is not GPX reads as nil.
/// Another program's file without waypoints gives its routes' points (`rtept`: a route planned
/// in OsmAnd, BaseCamp or gpx.studio); a file of only a track is refused saying so.
final class GPXTripParser: NSObject, XMLParserDelegate {
    private var slots: [EntrySlot] = []
    /// The points of the file's routes (`rtept`), in order: the places when it has no `wpt`.
    private var routeSlots: [EntrySlot] = []
    private var trip: [String: String] = [:]
    /// The point being read: `wpt` or `rtept` (nil between points).
    private var pointElement: String?
    private var inWaypoint: Bool { pointElement != nil }
    private var waypointNumber = 0
    private var routePointNumber = 0
    private var trackPointCount = 0
    /// RouteIt wrote it (`creator`): without waypoints it is a driven track (`export track`),
    /// whose routes are the legs' drawn lines, not places.
    private var isRouteIts = false
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
        if !delegate.slots.isEmpty || delegate.isRouteIts {
            try delegate.checkTwoPlaces(delegate.slots.count, of: "waypoint")
            return try TripFileFields.importedTrip(delegate.slots, values: delegate.trip) { "waypoint \($0 + 1)" }
        }
        let route = delegate.routePlaces()
        try delegate.checkTwoPlaces(route.slots.count, of: "route point")
        return try TripFileFields.importedTrip(route.slots, values: [:]) { "route point \(route.numbers[$0])" }
    }

    /// A trip needs a start and a stop: fewer is refused naming what the file holds.
    private func checkTwoPlaces(_ count: Int, of kind: String) throws {
        guard count < 2 else { return }
        if isRouteIts, slots.isEmpty, routePointNumber + trackPointCount > 0 {
            throw TripFileFields.Problem(text: "it is a driven track (export track), not a trip; open reads the trip's own export (export gpx)")
        }
        if count == 0, trackPointCount > 0 {
            throw TripFileFields.Problem(text: "it holds a track of \(trackPointCount) recorded points and no waypoint or route; open reads places (wpt or rtept), and a track is replayed with location replay")
        }
        let held = count == 0 ? "no waypoint or route point" : "one \(kind)"
        throw TripFileFields.Problem(text: "it holds \(held), and a trip needs two places or more (a start and its stops)")
    }

    /// The routes' points, each route's first point left out where it is the previous route's
    /// last (one route per leg, as RouteIt and others write a trip's legs), with their numbers
    /// in the file (`route point 3`).
    private func routePlaces() -> (slots: [EntrySlot], numbers: [Int]) {
        var places: [EntrySlot] = [], numbers: [Int] = []
        for (k, slot) in routeSlots.enumerated() {
            if let last = places.last?.mapItem?.coordinate, let here = slot.mapItem?.coordinate, here.isSamePlace(as: last) { continue }
            places.append(slot)
            numbers.append(k + 1)
        }
        return (places, numbers)
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

    private var stop: String { pointElement == "rtept" ? "route point \(routePointNumber)" : "waypoint \(waypointNumber)" }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        text = ""
        switch (namespaceURI, element) {
        case (_, "gpx"):
            isGPX = true
            isRouteIts = attributes["creator"] == "RouteIt"
        case (GPXExport.extensionNamespace, "trip"): trip = attributes
        case (_, "trkpt"): trackPointCount += 1
        case (_, "rtept") where !slots.isEmpty || isRouteIts:
            // Waypoints come first in GPX: with them, the routes are legs' lines, not places.
            routePointNumber += 1
        case (_, "wpt"), (_, "rtept"):
            pointElement = element
            if element == "wpt" { waypointNumber += 1 } else { routePointNumber += 1 }
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

    /// `<name><![CDATA[Café "Ekberg"]]></name>` is text too, as OsmAnd writes names with quotes.
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

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
            case (_, "wpt"), (_, "rtept"):
                guard element == pointElement else { break }
                let isWaypoint = element == "wpt"
                let slot = try TripFileReader.slot(placemark: place, name: name, coordinate: coordinate, stay: stay, windows: windows,
                                                   priority: priority, isStart: isWaypoint ? slots.isEmpty : routeSlots.isEmpty, stop: stop)
                if isWaypoint { slots.append(slot) } else { routeSlots.append(slot) }
                pointElement = nil
            default: break
            }
        }
    }
}
