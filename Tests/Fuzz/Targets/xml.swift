import Foundation
import RouteItEngine

/// The OSM XML reader: an input is a whole `.osm` file, read in every pass the importer makes.
enum FuzzTarget {
    static func setUp() {}

    static func run(_ data: Data) {
        let path = FuzzScratch.write(data, named: "input.osm")
        walkOSMFile(OSMXMLReader(url: URL(fileURLWithPath: path)))
    }
}
