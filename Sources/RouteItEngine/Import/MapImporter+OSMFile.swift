import Foundation

extension MapImporter {
    /// Imports an `.osm.pbf` or `.osm` file (read twice, streaming).
    @discardableResult
    public func importMap(osmFile: String, to destination: String) throws -> ImportSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: osmFile, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw MapImportError("no such file: \(osmFile)")
        }
        let url = URL(fileURLWithPath: osmFile)
        let reader = try openOSMReader(at: url)
        return try importMap(from: reader, sourceName: url.lastPathComponent, to: destination)
    }
}
