"""`routeit go` following simulated drives that gpsfake replays to a real gpsd: Scripts/go-bench
(make-drive's drives, issue #29's goals); its JSON becomes part of the run, and its section here."""
import json
import os

from .proc import REPO, BenchError, log, run

GO_BENCH = os.path.join(REPO, "Scripts", "go-bench")


def measure(bins, maps):
    """`maps`: the run's imported maps by dataset (helsinki, monaco, grid_1m where measured)."""
    if "helsinki" not in maps:
        return {"error": "needs the Helsinki extract in --datasets"}
    cmd = [GO_BENCH, "--json", "--routeit", os.path.join(bins, "routeit"),
           "--datasets", ",".join(d for d in ("helsinki", "monaco") if d in maps)]
    for name in ("helsinki", "monaco"):
        if name in maps:
            cmd += ["--map", "%s=%s" % (name, maps[name])]
    cmd += ["--grid", maps.get("grid_1m") or "none"]
    try:
        log("go: simulated drives through gpsfake and gpsd to routeit go")
        return json.loads(run(cmd, timeout=1800))
    except (BenchError, OSError, ValueError) as e:
        log("go: not measured — %s" % e)
        return {"error": str(e)}


def section(results, provenance, table, fmt, pct):
    """`## Following a trip` (report.py passes its helpers)."""
    g = results.get("go")
    if not g:
        return []
    out = ["## Following a trip: `routeit go` fed by gpsd", "", provenance(results), ""]
    if g.get("error"):
        return out + ["Not measured in this run: %s" % g["error"], ""]
    out += [("`Scripts/go-bench` (run by the bench): per mode, drives between the bench's seeded pairs simulated by "
             "`Scripts/make-drive` along RouteIt's own route at its speeds (1 Hz, Gaussian noise σ 5 m, 10 m on two drives; "
             "15 s at the stop; every other drive a 150 m wrong turn onto another real road, every fifth a 20 s tunnel), "
             "replayed once by `gpsfake -c %s` to a real gpsd and followed by `routeit go --events`. A wrong turn counts as "
             "caught when `off-route` comes at most 3 fixes after the first fix 30 m off the planned route; latency is the "
             "`reroute` event's (the fix read to the new instruction written).") % g.get("cycle"), ""]
    rows = []
    for name, modes in g.get("datasets", {}).items():
        if modes.get("error"):
            rows.append((name, "not measured: %s" % modes["error"], "", "", "", "", ""))
            continue
        for mode, s in modes.items():
            lat = s.get("reroute_latency_ms") or {}
            rows.append(("%s %s" % (name, mode), "%d (%d errors)" % (s["drives"], s["errors"]), str(s["false_off_route"]),
                         "%d / %d" % (s["wrong_turns_detected"], s["wrong_turns"]),
                         "%s / %s" % (fmt(lat.get("p50"), 1), fmt(lat.get("p95"), 1)),
                         "%d / %d (%d early)" % (s["arrived"], s["stops"], s["early"]),
                         "%d / %d" % (s["eta_within_10pct"], s["eta_drives"])))
    out += table(["map, mode", "drives", "false off-route", "wrong turn ≤ 3 fixes", "reroute p50 / p95 (ms)",
                  "arrivals (early)", "ETA within 10 %"], rows) + [""]
    cpu, rss = g.get("cpu") or {}, g.get("rss") or {}
    if cpu:
        out.append("CPU following at 1 fix a second: %s" % (
            "not measured: %s" % cpu["error"] if cpu.get("error") else
            "%s %% of one core over %s s (utime+stime of /proc/PID/stat)" % (fmt(cpu["cpu_pct_of_core"], 3), fmt(cpu["seconds"], 0))))
    if rss:
        out.append("Memory over a %s-hour walk replayed fast: %s" % (fmt(rss.get("hours"), 1),
            "not measured: %s" % rss["error"] if rss.get("error") else
            "RSS %s MB at 10 %%, %s MB at the end, %s MB at most (%s stops, %s fixes)" % (
                fmt(rss["rss_mb_at_10pct"], 1), fmt(rss["rss_mb_end"], 1), fmt(rss["rss_mb_max"], 1), rss["stops"], rss["fixes"])))
    return out + [""]
