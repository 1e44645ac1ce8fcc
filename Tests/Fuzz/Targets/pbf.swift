import Foundation
import RouteItEngine

/// The PBF reader: an input is a whole `.osm.pbf` file, opened by its content as `routeit import`
/// does and read in every pass the importer makes.
enum FuzzTarget {
    static func setUp() {}

    static func run(_ data: Data) {
        let path = FuzzScratch.write(data, named: "input.osm.pbf")
        guard let reader = try? openOSMReader(at: URL(fileURLWithPath: path)) else { return }
        walkOSMFile(reader)
    }
}
