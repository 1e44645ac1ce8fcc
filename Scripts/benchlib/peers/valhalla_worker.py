"""Runs inside the pyvalhalla venv (Python 3.12, pyvalhalla 3.9.1), started by valhalla.py:

    valhalla_worker.py routes CONFIG PAIRS_JSON     warm: an Actor in this process, the pairs timed

It prints one JSON object; each request asks for the same as RouteIt's and OSRM's
(car, one alternative, turn-by-turn maneuvers, full shape), timed from the call to the returned
JSON text (parsing it is outside the timed span)."""
import json
import os
import statistics
import sys
import time

# This script's directory holds the bench's own valhalla.py: take it off the path before the import.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
import valhalla  # noqa: E402


def request(a, b):
    return json.dumps({"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
                       "costing": "auto", "alternates": 1, "units": "kilometers"})


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(-(-p * len(ordered) // 1)) - 1))
    return round(ordered[index], 4)


def routes(config, pairs_path):
    pairs = json.load(open(pairs_path))
    actor = valhalla.Actor(config)
    for p in pairs[:20]:                      # warm the tile cache and the allocator
        try:
            actor.route(request(p["from"], p["to"]))
        except Exception:
            pass
    times, duration_diff, distance_diff, failures, examples = [], [], [], 0, []
    for p in pairs:
        start = time.perf_counter()
        try:
            text = actor.route(request(p["from"], p["to"]))
        except Exception as e:               # ValhallaError: no route, no edges near a point
            failures += 1
            if len(examples) < 5:
                examples.append({"from": p["from"], "to": p["to"], "error": str(e)[:120]})
            continue
        times.append((time.perf_counter() - start) * 1000)
        summary = json.loads(text)["trip"]["summary"]
        if p.get("duration"):
            duration_diff.append(abs(summary["time"] - p["duration"]) / summary["time"] if summary["time"] else 0)
        if p.get("distance"):
            metres = summary["length"] * 1000
            distance_diff.append(abs(p["distance"] - metres) / metres if metres else 0)
    print(json.dumps({
        "pairs": len(pairs), "routed": len(times), "failures": failures, "failure_examples": examples,
        "inprocess_ms": {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95), "p99": percentile(times, 0.99),
                         "count": len(times)},
        "duration_rel_diff": {"median": round(statistics.median(duration_diff), 4) if duration_diff else None,
                              "p95": percentile(duration_diff, 0.95)},
        "distance_rel_diff": {"median": round(statistics.median(distance_diff), 4) if distance_diff else None,
                              "p95": percentile(distance_diff, 0.95)},
    }))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "routes":
        sys.exit("usage: valhalla_worker.py routes CONFIG PAIRS")
    routes(sys.argv[2], sys.argv[3])
