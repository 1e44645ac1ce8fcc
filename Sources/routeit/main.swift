// The `routeit` shell: REPL, `.flow` runner and command-line tools.
import Foundation

// Line-buffered so output interleaves correctly with stderr and pipes see each screen promptly.
setvbuf(stdout, nil, _IOLBF, 0)

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

let options: ShellOptions
do {
    options = try ShellOptions.parse(arguments)
} catch {
    printError("routeit: \(error)\n\(ShellOptions.usage)")
    exit(2)
}
// The shell takes Ctrl-C through a Dispatch signal source (a signalfd on Linux). It only sees
// SIGINT reliably when every thread blocks it; blocked here, before any thread exists, every
// thread inherits the mask. Otherwise the kernel may hand the signal to a thread where it is lost.
if options.mode != .help { blockInterruptInEveryThread() }
switch options.mode {
case .help:
    print(ShellOptions.usage)
    exit(0)
case .run(let files):
    exit(FlowRunner.run(files: files, options: options))
case .repl:
    exit(Repl.run(options: options))
}
