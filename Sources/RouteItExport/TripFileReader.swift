import Foundation
import RouteItCore

/// A trip read back from one of RouteIt's own GPX or GeoJSON exports (`open trip.gpx`).
public struct ImportedTrip: Equatable, Sendable {
    /// The start first, then the stops in the file's (visiting) order, each with its place,
    /// stay, windows and priority.
    public var slots: [EntrySlot]
    public var departure: Departure
    public var transportType: TransportType?
    public var distanceUnit: DistanceUnit?
    /// Wait, back by, days, and the end (a stop's slot index into `slots`).
    public var day: DayOptions = DayOptions()
    /// Stops the exported trip had that the file does not hold (left out, or on later days).
    public var unroutedStops: Int = 0
}

/// Reads RouteIt's GPX and GeoJSON exports. Waypoints/stops without RouteIt's extensions still
/// become places (name and position); anything else, and any value RouteIt cannot use (a
/// position off the globe, an unknown mode, a file cut off), is one clear error.
public enum TripFileReader {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// A RouteIt export of a whole trip is well under this; parsing takes many times the size.
    public static let maxBytes = 16 << 20

    /// `name`: the file as said in a problem (the path as typed; default `path`).
    public static func read(path: String, shownAs name: String? = nil) throws -> ImportedTrip {
        let data: Data
        do {
            data = try BoundedFile.read(path, shownAs: name, limit: maxBytes)
        } catch let refusal as BoundedFile.Refusal {
            throw Failure(description: refusal.description)
        }
        let name = name ?? path
        let lower = path.lowercased()
        let trip: ImportedTrip?
        do {
            if lower.hasSuffix(".gpx") {
                trip = try GPXTripParser.parse(data)
            } else if lower.hasSuffix(".geojson") || lower.hasSuffix(".json") {
                trip = try GeoJSONTripReader.read(data)
            } else {
                throw Failure(description: "\(name) is not a .gpx, .geojson or .json file; open NAME opens a saved trip.")
            }
        } catch let problem as TripFileFields.Problem {
            throw Failure(description: "Cannot open \(name): \(problem.text); the trip is unchanged.")
        }
        guard let trip else { throw Failure(description: "\(name) is not a trip exported by RouteIt.") }
        guard trip.slots.count >= 2 else { throw Failure(description: "\(name) holds fewer than two stops.") }
        guard trip.slots.count <= 1 + EntryViewModel.maximumStopCount else {
            throw Failure(description: "\(name) holds \(trip.slots.count - 1) stops; a trip has at most \(EntryViewModel.maximumStopCount).")
        }
        return trip
    }

    /// How far a waypoint may lie from the place written with it and still be that place (the
    /// file's 7 decimals are 1 cm; its editors' rounding no more than this).
    static let movedMetres = 1.0

    /// One stop as a slot: the place as exported (else a place of its name, at its position).
    /// `stop` names it in a problem (`waypoint 1`); the start (`isStart`) has no stay, window or
    /// priority, as the shell refuses them there too.
    static func slot(placemark exported: Placemark?, name: String?, coordinate: Coordinate, stay: TimeInterval,
                     windows: [VisitWindow], priority: StopPriority, isStart: Bool, stop: String) throws -> EntrySlot {
        if isStart, stay != 0 || !windows.isEmpty || priority != .normal {
            throw TripFileFields.Problem(text: "\(stop) is the start, which has no stay, window or priority")
        }
        var placemark = exported ?? Placemark(name: name, coordinate: coordinate)
        // A place exported without a usable position is where its waypoint is.
        if !placemark.coordinate.isValid { placemark.coordinate = coordinate }
        // A waypoint moved since the export (in another editor) is where it now is: the place
        // and the coordinates named with it are the old spot's.
        let namedAt = name.flatMap(Coordinate.init(text:)) ?? placemark.coordinate
        if max(placemark.coordinate.distance(to: coordinate), namedAt.distance(to: coordinate)) > movedMetres {
            placemark = Placemark(coordinate: coordinate)
        }
        var slot = EntrySlot(text: placemark.formattedAddress, mapItem: MapItem(placemark: placemark), stay: stay)
        slot.windows = windows
        slot.priority = priority
        return slot
    }
}
