"""Scripts/bench's options and the order of one run."""
import argparse
import json
import os
import subprocess
import sys
import time

from . import country, goals, report, runners
from .datasets import EXTRACTS, GRID_SIZES, count_nodes, fetch_extracts, make_grid, prepare_extract
from . import go
from . import planner
from . import campaign, serve
from .peers import PeerUnavailable, osrm
from .proc import REPO, WORK, BenchError, build, commit, ensure_tools, log, machine, run

PEERS = ("osrm", "valhalla", "nominatim", "planner", "serve", "go", "campaign")
PAGE = os.path.join(REPO, "BENCHMARKS.md")


def parse(doc):
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the page")
    parser.add_argument("--pairs", type=int, default=1000, help="route pairs per dataset (default 1000)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--grids", default="10k,100k,1m", help="grid sizes: any of %s (or none)" % ",".join(GRID_SIZES))
    parser.add_argument("--import-only", default="", help="grid sizes imported by routeit alone (no peers), e.g. 30m")
    parser.add_argument("--datasets", default="helsinki,monaco", help="real extracts: helsinki,monaco (or none)")
    parser.add_argument("--quality-pairs", type=int, default=300, help="routing-quality trips per dataset and mode (0: skip)")
    parser.add_argument("--peers", default=",".join(PEERS),
                        help="peers to measure against: osrm (always) and any of valhalla,nominatim,planner,serve "
                             "(planner: the day planner against VROOM and OR-Tools, Scripts/bench-planner; serve: "
                             "routeit serve against osrm-routed under wrk, Scripts/serve-load; go: routeit go "
                             "following simulated drives through gpsfake, Scripts/go-bench; default all)")
    # Below 200 stops OR-Tools runs 10 s only (benchlib/planner.py), so 25,50,100 cost about two
    # minutes, not eleven.
    parser.add_argument("--planner-sizes", default="25,50,100,200",
                        help="stop counts the day planner is measured at (default 25,50,100,200; OR-Tools 60 s at 200 only)")
    parser.add_argument("--campaign-rounds", type=int, default=1,
                        help="rounds of Scripts/campaign's hostile runs (default 1; 0: skip)")
    parser.add_argument("--skip-build", action="store_true", help="use the release build as it is")
    parser.add_argument("--update-benchmarks", action="store_true", help="rewrite BENCHMARKS.md from this run's results")
    parser.add_argument("--from-json", metavar="RESULTS",
                        help="measure nothing: render the page from a results file (WORK/results.json of a run)")
    parser.add_argument("--reuse-osrm", action="store_true",
                        help="keep OSRM graphs an earlier run prepared, with that run's preprocessing figures")
    parser.add_argument("--country", default="none",
                        help="synthetic-country sizes for the country geocoding section, e.g. 1,50,500 (off by default: "
                             "N = 500 is about 12M nodes, some 20 minutes of generation, import and queries)")
    parser.add_argument("--geocode-quality-only", action="store_true",
                        help="only import the extracts and measure geocoding quality per query class")
    return parser, parser.parse_args()


def split(text):
    return [x for x in text.split(",") if x and x != "none"]


def main(doc):
    parser, args = parse(doc)
    peers = set(split(args.peers)) | {"osrm"}
    grids, extracts, only = split(args.grids), split(args.datasets), split(args.import_only)
    for g in grids + only:
        if g not in GRID_SIZES:
            parser.error("unknown grid size %s (%s)" % (g, ", ".join(GRID_SIZES)))
    for d in extracts:
        if d not in EXTRACTS:
            parser.error("unknown dataset %s (%s)" % (d, ", ".join(EXTRACTS)))
    for p in peers:
        if p not in PEERS:
            parser.error("unknown peer %s (%s)" % (p, ", ".join(PEERS)))
    try:
        country_sizes = sorted({int(n) for n in split(args.country)})
    except ValueError:
        parser.error("--country takes town counts, e.g. 1,50,500 (got %s)" % args.country)
    if any(n < 1 for n in country_sizes):
        parser.error("--country sizes are 1 or more towns (got %s)" % args.country)
    args.country_sizes = country_sizes
    if args.from_json:
        with open(args.from_json) as f:
            results = json.load(f)
        results["goals"] = goals.evaluate(results)
        return finish(results, args)
    try:
        if args.geocode_quality_only:
            return geocode_quality_only(args, extracts)
        results = measure(args, peers, grids, extracts, only)
    except (BenchError, subprocess.CalledProcessError, OSError, ValueError) as e:
        sys.exit("bench: %s" % e)
    path = os.path.join(WORK, "results.json")
    with open(path, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True, ensure_ascii=False)
    shown = os.path.relpath(path, REPO) if path.startswith(REPO + os.sep) else path
    log("results in %s (re-render with --from-json %s)" % (shown, shown))
    finish(results, args)


def finish(results, args):
    if args.update_benchmarks:
        with open(PAGE, "w") as f:
            f.write(report.page(results))
        log("wrote BENCHMARKS.md (%d bytes)" % os.path.getsize(PAGE))
    if args.json:
        print(json.dumps(results, indent=1, sort_keys=True, ensure_ascii=False))
    else:
        print(report.page(results))


def measure(args, peers, grids, extracts, only):
    started = time.time()
    os.makedirs(WORK, exist_ok=True)
    results = {"command": " ".join(["Scripts/bench"] + sys.argv[1:]), "machine": machine(), "commit": commit(),
               "load_start": round(os.getloadavg()[0], 2), "pairs_requested": args.pairs, "seed": args.seed,
               "datasets": {}, "peers": {}}
    ensure_tools(grids=bool(grids or only))
    bins = build(args.skip_build)
    fetch_extracts()
    osrm_dir, version = osrm.fetch()
    results["peers"]["osrm"] = {"version": version}
    results["osrm_version"] = version
    valhalla = None
    if "valhalla" in peers:
        try:
            from .peers.valhalla import Valhalla
            valhalla = Valhalla()
            results["peers"]["valhalla"] = {"version": valhalla.version}
        except (PeerUnavailable, OSError, IndexError) as e:
            log("valhalla: skipped — %s" % e)
            results["peers"]["valhalla"] = {"error": str(e)}
    sources = {name: prepare_extract(name) for name in extracts}
    for g in grids + only:
        sources["grid_" + g] = make_grid(g, osrm.prepared if args.reuse_osrm and g in grids else None)

    maps = {}
    for name, source in sources.items():
        try:
            if name.startswith("grid_") and name[5:] in only:
                results["datasets"][name] = runners.import_only(name, source, bins)
            else:
                results["datasets"][name], maps[name] = runners.bench_dataset(
                    name, source, bins, osrm_dir, args.pairs, args.seed, args.reuse_osrm, valhalla)
            if name.startswith("grid_"):
                results["datasets"][name]["nodes"] = count_nodes(source)
            elif args.quality_pairs > 0:
                results["datasets"][name]["quality"] = runners.bench_quality(
                    name, source, maps[name], bins, osrm_dir, args.quality_pairs, args.seed)
        except (BenchError, OSError, ValueError, KeyError) as e:
            log("%s: %s" % (name, e))
            results["datasets"][name] = {"error": str(e)}
    if "helsinki" in maps:
        answers = os.path.join(WORK, "geocode-answers.json")
        try:
            log("helsinki: geocoding")
            results["geocode"] = runners.geocode(bins, maps["helsinki"], answers)
            log("cold start")
            results["cold_start"] = runners.cold_start(bins, maps["helsinki"])
        except (BenchError, OSError, ValueError) as e:
            log("geocode/cold start: %s" % e)
            results["geocode_error"] = str(e)
        if "nominatim" in peers:
            try:
                results["nominatim"] = runners.bench_nominatim(answers)
                results["peers"]["nominatim"] = {"version": results["nominatim"]["version"]}
            except (PeerUnavailable, BenchError, OSError, ValueError, KeyError) as e:
                log("nominatim: skipped — %s" % e)
                results["peers"]["nominatim"] = {"error": str(e)}
                results["nominatim"] = {"error": str(e)}
    elif "nominatim" in peers:
        results["peers"]["nominatim"] = {"error": "needs the Helsinki extract in --datasets"}
    try:
        results["geocode_quality"] = runners.geocode_quality(bins, sources, maps)
    except (BenchError, OSError, ValueError) as e:
        log("geocode quality: %s" % e)
        results["geocode_quality_error"] = str(e)
    if args.country_sizes:
        try:
            results["country"] = country.measure(bins, args.country_sizes)
        except (BenchError, OSError, ValueError, KeyError) as e:
            log("country: %s" % e)
            results["country"] = {"error": str(e)}
    if "planner" in peers:
        results["planner"] = planner.measure(split(args.planner_sizes))
    if "serve" in peers and "helsinki" in maps:
        results["serve"] = serve.measure(bins, maps["helsinki"], osrm_dir)
    if "go" in peers:
        results["go"] = go.measure(bins, maps)
    if "campaign" in peers and args.campaign_rounds > 0:
        results["campaign"] = campaign.measure(bins, args.campaign_rounds)
    results["load_end"] = round(os.getloadavg()[0], 2)
    results["total_s"] = round(time.time() - started, 1)
    results["goals"] = goals.evaluate(results)
    return results


def geocode_quality_only(args, extracts):
    """--geocode-quality-only: import the extracts and measure geocoding quality, nothing else."""
    if args.update_benchmarks:
        raise BenchError("--update-benchmarks rewrites the whole page from one full run; not with --geocode-quality-only")
    bins = build(args.skip_build)
    fetch_extracts()
    sources, maps = {}, {}
    for name in [d for d in extracts if d in EXTRACTS]:
        sources[name] = prepare_extract(name)
        maps[name], _ = runners.routeit_import(name, sources[name], bins, osrm.SMALL_TIMEOUT)
    quality = runners.geocode_quality(bins, sources, maps)
    if args.json:
        print(json.dumps(quality, indent=1, sort_keys=True, ensure_ascii=False))
    else:
        print("\n".join(report.geocode_quality_section({"geocode_quality": quality, "machine": machine(), "commit": commit(),
                                                        "command": " ".join(["Scripts/bench"] + sys.argv[1:])})))
