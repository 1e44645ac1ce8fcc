import Foundation

/// `routeit geocode ...`: a scripting tool over the embedded engine.
enum GeocodeTool {
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write("routeit geocode: not implemented yet\n".data(using: .utf8)!)
        return 2
    }
}
