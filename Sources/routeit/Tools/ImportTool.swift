import Foundation

/// `routeit import ...`: a scripting tool over the embedded engine.
enum ImportTool {
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write("routeit import: not implemented yet\n".data(using: .utf8)!)
        return 2
    }
}
