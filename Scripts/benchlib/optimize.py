"""A cold `routeit route --optimize` of 12 stops: the whole release process, as a user runs it,
repeated (hyperfine-like: warm-ups fill the page cache, then the median of the runs)."""
import json
import os

from . import table
from .proc import BenchError, log, median_wall_ms, run

STOPS = 12


def connected(durations, count):
    """Indices of `count` places every pair of which a route joins (None when there are too few):
    the place with the most missing routes goes first, until none is missing."""
    keep = list(range(len(durations)))
    while True:
        missing = {i: sum((durations[i][j] is None) + (durations[j][i] is None) for j in keep) for i in keep}
        worst = max(keep, key=lambda i: (missing[i], i))
        if missing[worst] == 0:
            break
        keep.remove(worst)
    return keep[:count] if len(keep) >= count else None


def measures(name, bins, map_path, bounds, seed=12, cold_runs=10):
    """Seeded places in the map's bounds (a start and STOPS stops, all joined by routes, as a
    table of three times as many candidates says), then the cold optimized trip's median wall ms."""
    routeit = os.path.join(bins, "routeit")
    candidates = ["%.6f,%.6f" % p for p in table.points(bounds, 3 * (STOPS + 1), seed)]
    try:
        answer = json.loads(run([routeit, "table"] + candidates + ["--json", "--map", map_path]))
        keep = connected(answer["durations"], STOPS + 1)
        if keep is None:
            return {"error": "fewer than %d of %d candidate places are joined by routes" % (STOPS + 1, len(candidates))}
        cmd = [routeit, "route"] + [candidates[i] for i in keep] + ["--optimize", "--json", "--map", map_path]
        trip = json.loads(run(cmd, timeout=120))
        if trip.get("code") != "Ok":
            return {"error": "the optimized trip answered %s: %s" % (trip.get("code"), trip.get("message"))}
        log("%s: cold `routeit route --optimize` of %d stops" % (name, STOPS))
        return {"stops": STOPS, "routeit_cold_ms": median_wall_ms(cmd, cold_runs)}
    except (BenchError, ValueError, KeyError) as e:
        return {"error": str(e)}
