// The `routeit` shell: REPL, `.flow` runner and command-line tools.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let tools: [String: ([String]) -> Int32] = [
    "import": ImportTool.run,
    "geocode": GeocodeTool.run,
    "reverse": ReverseTool.run,
    "route": RouteTool.run,
]
if let name = arguments.first, let tool = tools[name] {
    exit(tool(Array(arguments.dropFirst())))
}
print("routeit: the REPL is not wired yet")
