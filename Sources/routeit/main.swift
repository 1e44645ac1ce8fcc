// The `routeit` shell: REPL, `.flow` runner and command-line tools, on one command line.
import Foundation
@preconcurrency import SwiftGlibc
import RouteItEngine
import RouteItRemote

// Line-buffered so output interleaves correctly with stderr and pipes see each screen promptly.
setvbuf(stdout, nil, _IOLBF, 0)
StandardStreams.holdClosedDescriptors()
// Over `ulimit -f` a write fails with EFBIG (said like any failed write) instead of SIGXFSZ
// killing the process mid-file.
signal(SIGXFSZ, SIG_IGN)
if let problem = AddressSpaceLimit.problem() {
    printError(problem)
    StandardStreams.exit(1)
}
AddressSpaceLimit.economise()

let options: ShellOptions
do {
    options = try ShellOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let tool = arguments.first(where: { OptionTable.tools.contains($0) }) {
        printError("routeit \(tool): \(error) (routeit help \(tool) lists its options)")
    } else {
        printError("routeit: \(error) (routeit --help lists the options)")
    }
    StandardStreams.exit(2)
}
switch options.mode {
case .help:
    guard let text = HelpText.text(for: options.helpTopic) else {
        printError("routeit: no help for \"\(options.helpTopic ?? "")\" (routeit --help lists the commands)")
        StandardStreams.exit(2)
    }
    print(text)
    StandardStreams.exit(0)
case .version:
    print("routeit \(RouteItVersion.program) (map schema \(MapSchema.version))")
    StandardStreams.exit(0)
case .generate(let kind):
    print(GeneratedDocs.render(kind), terminator: "")
    StandardStreams.exit(0)
case .tool(let name, let arguments):
    StandardStreams.exit(ToolTable.tool(named: name)!.run(options, arguments))
case .run, .repl:
    do {
        _ = try LocationSourceSpec.fromEnvironment()  // a bad ROUTEIT_LOCATION is said at start
    } catch {
        printError("routeit: \(error)")
        StandardStreams.exit(2)
    }
    // A --map that names nothing is said at start, not at the first route.
    if let choice = options.mapPath, let problem = MapLibrary().unknownChoiceMessage(choice) {
        printError("routeit: --map: \(problem)")
        exit(2)
    }
}
// The shell takes Ctrl-C through a Dispatch signal source (a signalfd on Linux). It only sees
// SIGINT reliably when every thread blocks it; blocked here, before any thread exists, every
// thread inherits the mask. Otherwise the kernel may hand the signal to a thread where it is lost.
blockInterruptInEveryThread()
if case .run(let files) = options.mode {
    StandardStreams.exit(FlowRunner.run(files: files, options: options))
}
StandardStreams.exit(Repl.run(options: options))
