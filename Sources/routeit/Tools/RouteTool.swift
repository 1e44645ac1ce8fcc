import Foundation

/// `routeit route ...`: a scripting tool over the embedded engine.
enum RouteTool {
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write("routeit route: not implemented yet\n".data(using: .utf8)!)
        return 2
    }
}
