"""`routeit table` against OSRM's /table: a whole cold process against curl to the warm
osrm-routed, on the same seeded points, and the table's times against RouteIt's own routes."""
import json
import os
import random
import statistics

from .proc import REPO, log, median_wall_ms_side_by_side, run

SIZES = (11, 51, 101, 201)
CHECKED_PAIRS = 20


def points(bounds, count, seed):
    rng = random.Random(seed)
    return [(rng.uniform(bounds["min_lat"], bounds["max_lat"]), rng.uniform(bounds["min_lon"], bounds["max_lon"]))
            for _ in range(count)]


def measures(name, bins, map_path, server, bounds, seed=26, cold_runs=11):
    """Per size: cold `routeit table --json` and curl's median wall ms; then, on the largest,
    the median relative difference between a table cell and `routeit route` for that pair."""
    routeit = os.path.join(bins, "routeit")
    out = {}
    for n in SIZES:
        places = points(bounds, n, seed + n)
        url = "http://127.0.0.1:%d/table/v1/driving/%s" % (
            server.port, ";".join("%.6f,%.6f" % (lon, lat) for lat, lon in places))
        cmd = [routeit, "table"] + ["%.6f,%.6f" % p for p in places] + ["--json", "--map", map_path]
        log("%s: %d×%d table, cold routeit vs curl" % (name, n, n))
        ours, theirs = median_wall_ms_side_by_side([cmd, ["curl", "-s", "-o", "/dev/null", url]], cold_runs)
        out["n%d" % n] = {"routeit_cold_ms": ours, "curl_ms": theirs, "ratio": round(ours / theirs, 3) if theirs else None}
    places = points(bounds, SIZES[-1], seed + SIZES[-1])
    table = json.loads(run([routeit, "table"] + ["%.6f,%.6f" % p for p in places] + ["--json", "--map", map_path]))
    rng = random.Random(seed)
    diffs = []
    for _ in range(CHECKED_PAIRS * 3):
        i, j = rng.randrange(len(places)), rng.randrange(len(places))
        cell = table["durations"][i][j]
        if i == j or cell is None or len(diffs) >= CHECKED_PAIRS:
            continue
        routed = json.loads(run([routeit, "route", "%.6f,%.6f" % places[i], "%.6f,%.6f" % places[j], "--json",
                                 "--map", map_path], timeout=120))
        if routed.get("code") == "Ok" and routed["routes"][0]["duration"] > 0:
            diffs.append(abs(cell / routed["routes"][0]["duration"] - 1))
    out["route_rel_diff_median"] = round(statistics.median(diffs), 5) if diffs else None
    out["route_pairs_checked"] = len(diffs)
    return out
