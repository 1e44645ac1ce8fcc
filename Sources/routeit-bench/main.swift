// Benchmark driver used by Scripts/bench: times the embedded engine in process and osrm-routed
// over loopback. Each subcommand prints one JSON object on stdout.
import Foundation

let usage = """
    usage: routeit-bench routes --map MAP --osrm-port PORT [--pairs 1000] [--seed 42] [--max-candidates N]
           routeit-bench quality --map MAP --osrm-port PORT --mode car|walk|bike [--pairs 300] [--seed 42]
           routeit-bench geocode --map MAP [--count 500] [--seed 7]
           routeit-bench geocode-quality --osm OSM_FILE --map MAP [--per-class 200] [--seed 7]
           routeit-bench import OSM_FILE MAP
           routeit-bench bounds --map MAP
           routeit-bench inprocess --map MAP [--count 200] [--seed 42] [--mode car|walk|bike] [--dump FILE]
           routeit-bench avoid --map MAP [--pairs 300] [--seed 42] [--avoid motorway,toll]
    """
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "routes": await RouteBenchmark.run(Array(arguments.dropFirst()))
case "quality": await RouteQualityBenchmark.run(Array(arguments.dropFirst()))
case "geocode": GeocodeBenchmark.run(Array(arguments.dropFirst()))
case "geocode-quality": GeocodeQualityBenchmark.run(Array(arguments.dropFirst()))
case "import": ImportBenchmark.run(Array(arguments.dropFirst()))
case "bounds": BoundsCommand.run(Array(arguments.dropFirst()))
case "inprocess": InProcessRoutesCommand.run(Array(arguments.dropFirst()))
case "avoid": AvoidanceBenchmark.run(Array(arguments.dropFirst()))
case "plan": PlannerBenchmark.run(Array(arguments.dropFirst()))
default: fail("unknown or missing subcommand\n\(usage)", status: 2)
}
