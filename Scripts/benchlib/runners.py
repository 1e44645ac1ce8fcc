"""What is measured per dataset: RouteIt through routeit-bench and one-shot processes, each peer
side by side on the same file in the same run."""
import http.client
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import time

from .datasets import map_stem
from . import optimize, table
from .peers import PeerUnavailable, osrm
from .proc import REPO, WORK, BenchError, log, median_wall_ms, median_wall_ms_side_by_side, run, timed

COLD_RUNS = 10
QUALITY_MODES = (("car", "car"), ("walk", "foot"), ("bike", "bicycle"))


def bench_tool(bins, *args, timeout=900):
    return json.loads(run([os.path.join(bins, "routeit-bench")] + [str(a) for a in args], timeout=timeout))


def routeit_import(name, source, bins, timeout, runs=1):
    """`routeit import`, timed `runs` times: the median wall time and the largest peak RSS."""
    map_path = map_stem(source) + ".routeit"
    log("%s: routeit import%s" % (name, " (%d runs)" % runs if runs > 1 else ""))
    times = [timed([os.path.join(bins, "routeit"), "import", source, "-o", map_path], timeout=timeout)[:2]
             for _ in range(runs)]
    return map_path, {"routeit_import_s": round(statistics.median(t for t, _ in times), 3),
                      "routeit_import_rss_mb": round(max(r for _, r in times), 1), "routeit_import_runs": runs,
                      "routeit_map_mb": round(os.path.getsize(map_path) / 1e6, 2)}


def import_only(name, source, bins):
    """`routeit import` alone (sizes OSRM would take hours to preprocess here)."""
    _, figures = routeit_import(name, source, bins, 6 * 3600)
    return dict(figures, source=os.path.relpath(source, REPO), import_only=True)


def bench_dataset(name, source, bins, osrm_dir, pairs, seed, reuse_osrm=False, valhalla=None):
    result = {"source": os.path.relpath(source, REPO), "source_mb": round(os.path.getsize(source) / 1e6, 2)}
    result.update(osrm.preprocess(osrm_dir, source, name, reuse_osrm))
    result["osrm_preprocess_s"] = round(result["osrm_extract_s"] + result["osrm_contract_s"], 3)
    osrm_file = osrm.stem(source)
    # As many timed runs as OSRM's preprocessing had (three when it is short).
    map_path, figures = routeit_import(name, source, bins, osrm.timeout(source), runs=result["osrm_runs"] or 1)
    result.update(figures, osrm_files_mb=osrm.files_mb(osrm_file))
    result["import_time_ratio"] = round(result["routeit_import_s"] / result["osrm_preprocess_s"], 3)
    result["import_rss_ratio"] = round(result["routeit_import_rss_mb"] / result["osrm_extract_rss_mb"], 3)

    log("%s: %d route pairs" % (name, pairs))
    pairs_path = os.path.join(os.path.dirname(source), "pairs.json")
    with osrm.Server(osrm_dir, osrm_file) as server:
        bounds = bench_tool(bins, "bounds", "--map", map_path)
        server.wait_ready((bounds["min_lon"] + bounds["max_lon"]) / 2, (bounds["min_lat"] + bounds["max_lat"]) / 2)
        result["routes"] = bench_tool(bins, "routes", "--map", map_path, "--osrm-port", server.port, "--pairs", pairs,
                                      "--seed", seed, "--pairs-out", pairs_path)
        result["scale"] = scale_measures(name, bins, map_path, server, bounds)
        result["table"] = table.measures(name, bins, map_path, server, bounds)
        result["optimize"] = optimize.measures(name, bins, map_path, bounds)
    result["scale"]["osrm_request_ms_p50"] = osrm.request_ms_p50(server.log_path)
    log("%s: avoiding motorways and tolls on %d pairs" % (name, pairs))
    result["avoid"] = bench_tool(bins, "avoid", "--map", map_path, "--pairs", pairs, "--seed", seed,
                                 "--avoid", "motorway,toll")
    if valhalla is not None:
        result["valhalla"] = bench_valhalla(name, source, valhalla, pairs_path, result["scale"].get("pair"))
    return result, map_path


def bench_valhalla(name, source, valhalla, pairs_path, cold_pair):
    """Tiles built from the same file; the same kept pairs routed by Valhalla's Actor in process;
    the cold one-shot on the scale pair."""
    out = {}
    try:
        config, out["tiles"] = valhalla.build(name, source, osrm.timeout(source))
        log("%s: valhalla routes" % name)
        out["routes"] = valhalla.routes(config, pairs_path)
    except (BenchError, PeerUnavailable, OSError, ValueError, KeyError) as e:
        log("%s: valhalla: %s" % (name, e))
        out["error"] = str(e)
        return out
    if cold_pair:
        log("%s: valhalla cold one-shot" % name)
        try:
            out["scale"] = valhalla.cold_ms(config, cold_pair[0], cold_pair[1], COLD_RUNS)
        except (BenchError, OSError) as e:
            log("%s: valhalla cold one-shot: %s" % (name, e))
            out["scale"] = {"error": str(e)}
    return out


def scale_measures(name, bins, map_path, server, bounds):
    """Cold one-shot route vs curl to the warm server, its peak RSS, and a shell's first route."""
    routeit = os.path.join(bins, "routeit")
    pair = None
    for k in range(1, 10):     # points a third and two thirds along the diagonal, nudged until both route
        f = 0.3 + 0.01 * k
        a = (bounds["min_lat"] + (bounds["max_lat"] - bounds["min_lat"]) * f, bounds["min_lon"] + (bounds["max_lon"] - bounds["min_lon"]) * f)
        b = (bounds["min_lat"] + (bounds["max_lat"] - bounds["min_lat"]) * (1 - f), bounds["min_lon"] + (bounds["max_lon"] - bounds["min_lon"]) * (1 - f))
        path = "/route/v1/driving/%f,%f;%f,%f?steps=true&overview=full&geometries=geojson" % (a[1], a[0], b[1], b[0])
        cmd = [routeit, "route", "%f,%f" % a, "%f,%f" % b, "--map", map_path]
        if server.route_ok(path) and subprocess.run(cmd, cwd=REPO, capture_output=True).returncode == 0:
            pair = (a, b, "http://127.0.0.1:%d%s" % (server.port, path), cmd)
            break
    if pair is None:
        raise BenchError("no pair near the diagonal that both engines route")
    a, b, url, cmd = pair
    log("%s: cold one-shot route vs curl" % name)
    out = {"pair": [list(a), list(b)]}
    out["routeit_cold_ms"], out["curl_ms"] = median_wall_ms_side_by_side([cmd, ["curl", "-s", "-o", "/dev/null", url]], COLD_RUNS)
    out["routeit_cold_rss_mb"] = round(max(timed(cmd, timeout=120)[1] for _ in range(3)), 1)
    out.update(json_measures(name, cmd, server, a, b))
    # A shell session that picks two addresses near the pair and routes.
    texts = []
    try:
        db = sqlite3.connect("file:%s?mode=ro" % map_path, uri=True)
        for p in (a, b):
            row = db.execute("SELECT street, housenumber FROM place WHERE street IS NOT NULL AND housenumber IS NOT NULL "
                             "ORDER BY (lat - ?) * (lat - ?) + (lon - ?) * (lon - ?) LIMIT 1", (p[0], p[0], p[1], p[1])).fetchone()
            if row:
                texts.append("%s %s" % row)
        db.close()
    except Exception as e:        # the map's address tables are the geocoder's business; say so, measure the rest
        log("%s: no addresses for the shell measure (%s)" % (name, e))
    if len(texts) == 2:
        flow = os.path.join(WORK, "first-route-%s.flow" % name)
        with open(flow, "w") as f:
            f.write("type 1 %s\nenter 1\npick 1\ntype 2 %s\nenter 2\npick 1\nroute\n" % tuple(texts))
        env = dict(os.environ, NO_COLOR="1", XDG_STATE_HOME=os.path.join(WORK, "xdg", "state"),
                   XDG_DATA_HOME=os.path.join(WORK, "xdg-empty"))
        out["shell_first_route_ms"] = median_wall_ms([routeit, "--map", map_path, "run", flow], 5, env=env)
        out["shell_first_route_flow"] = texts
    return out


# `routeit route --json` with OSRM's options against curl of the same route with the same query:
# OSRM's defaults (simplified overview as a polyline, no steps), then everything a map shows.
JSON_OPTION_SETS = (("json_default", [], ""),
                    ("json_full", ["--steps", "--overview", "full", "--geometries", "geojson"],
                     "?steps=true&overview=full&geometries=geojson"))


def json_measures(name, cmd, server, a, b):
    """Per option set: a whole cold `routeit route A B --json ...` and curl's median wall ms."""
    out = {}
    for key, options, query in JSON_OPTION_SETS:
        url = "http://127.0.0.1:%d/route/v1/driving/%f,%f;%f,%f%s" % (server.port, a[1], a[0], b[1], b[0], query)
        log("%s: cold `routeit route --json%s` vs curl" % (name, "".join(" " + o for o in options)))
        ours, theirs = median_wall_ms_side_by_side([cmd + ["--json"] + options, ["curl", "-s", "-o", "/dev/null", url]], COLD_RUNS)
        out[key] = {"routeit_cold_ms": ours, "curl_ms": theirs, "ratio": round(ours / theirs, 3) if theirs else None,
                    "options": " ".join(["--json"] + options)}
    return out


def cold_start(bins, helsinki_map):
    """`routeit run` of a one-line .flow to exit, on the default map (XDG_DATA_HOME of the bench)."""
    xdg = os.path.join(WORK, "xdg")
    maps = os.path.join(xdg, "routeit", "maps")
    os.makedirs(maps, exist_ok=True)
    shutil.copyfile(helsinki_map, os.path.join(maps, "helsinki.routeit"))
    env = dict(os.environ, XDG_DATA_HOME=xdg, XDG_STATE_HOME=os.path.join(xdg, "state"), NO_COLOR="1")
    result = {}
    for label in ("show", "locate"):
        flow = os.path.join(WORK, "cold-%s.flow" % label)
        with open(flow, "w") as f:
            f.write(label + "\n")
        times = []
        for i in range(12):
            start = time.perf_counter()
            run([os.path.join(bins, "routeit"), "run", flow], env=env, timeout=60)
            if i >= 2:        # the first runs fill the page cache
                times.append((time.perf_counter() - start) * 1000)
        result[label + "_ms"] = {"p50": round(statistics.median(times), 2), "min": round(min(times), 2),
                                 "max": round(max(times), 2), "runs": len(times)}
    return result


def bench_quality(name, source, map_path, bins, osrm_dir, pairs, seed):
    """`routeit-bench quality` per mode against osrm-routed with the matching profile (car.lua,
    foot.lua, bicycle.lua), each graph in its own directory."""
    out = {}
    for mode, profile in QUALITY_MODES:
        directory = os.path.join(WORK, "%s-%s" % (name, profile))
        os.makedirs(directory, exist_ok=True)
        copy = os.path.join(directory, os.path.basename(source))
        shutil.copyfile(source, copy)
        log("%s: osrm-extract + osrm-contract (%s.lua) for quality" % (name, profile))
        osrm_file = osrm.prepare_profile(osrm_dir, copy, profile)
        log("%s: quality, %d %s trips" % (name, pairs, mode))
        with osrm.Server(osrm_dir, osrm_file) as server:
            bounds = bench_tool(bins, "bounds", "--map", map_path)
            server.wait_ready((bounds["min_lon"] + bounds["max_lon"]) / 2, (bounds["min_lat"] + bounds["max_lat"]) / 2)
            out[mode] = bench_tool(bins, "quality", "--map", map_path, "--osrm-port", server.port, "--mode", mode,
                                   "--pairs", pairs, "--seed", seed, timeout=1800)
    return out


def geocode(bins, helsinki_map, answers_path):
    return bench_tool(bins, "geocode", "--map", helsinki_map, "--count", 500, "--answers-out", answers_path, timeout=300)


def geocode_quality(bins, sources, maps, per_class=200, seed=7):
    """`routeit-bench geocode-quality` on every real extract: {dataset: {class: {...}}}."""
    result = {}
    for name in ("helsinki", "monaco"):
        if name not in maps:
            continue
        log("%s: geocoding quality" % name)
        result[name] = bench_tool(bins, "geocode-quality", "--osm", sources[name], "--map", maps[name],
                                  "--per-class", per_class, "--seed", seed)["classes"]
    return result


def bench_nominatim(answers_path):
    """Nominatim on the Helsinki extract: the forward queries RouteIt answered, agreement and latency."""
    from .peers.nominatim import Nominatim
    server = Nominatim("Helsinki")
    try:
        log("nominatim: the geocoding queries, forward and reverse")
        out = server.compare(json.load(open(answers_path)))
    finally:
        server.stop()
    out.update(version=server.version, import_s=server.import_s, imported_in_this_run=server.imported_now)
    return out
