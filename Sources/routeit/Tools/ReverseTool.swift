import Foundation

/// `routeit reverse ...`: a scripting tool over the embedded engine.
enum ReverseTool {
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write("routeit reverse: not implemented yet\n".data(using: .utf8)!)
        return 2
    }
}
