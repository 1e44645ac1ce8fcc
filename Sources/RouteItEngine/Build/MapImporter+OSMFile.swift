import Foundation

extension MapImporter {
    /// Imports an `.osm.pbf` or `.osm` file (read twice, streaming).
    @discardableResult
    public func importMap(osmFile: String, to destination: String) throws -> ImportSummary {
        // openOSMReader says why a file cannot be read (missing, a folder, no permission).
        let url = URL(fileURLWithPath: osmFile)
        let reader = try openOSMReader(at: url)
        return try importMap(from: reader, sourceName: url.lastPathComponent, to: destination)
    }
}
