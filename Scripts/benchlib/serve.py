"""`routeit serve` against osrm-routed under one load: Scripts/serve-load (Debian's wrk on the same
route pairs, map and cores, each server warmed first); its JSON becomes part of the run."""
import json
import os

from .proc import REPO, BenchError, log, run

SERVE_LOAD = os.path.join(REPO, "Scripts", "serve-load")
# What a client asks: OSRM's route without geometry, and with steps and the full geometry.
QUERIES = {"plain": "overview=false", "steps": "steps=true&overview=full"}


def measure(bins, map_path, osrm_dir):
    results = {}
    env = dict(os.environ, ROUTEIT_OSRM_DIR=osrm_dir)
    for key, query in QUERIES.items():
        try:
            log("serve: routeit serve and osrm-routed under wrk, ?%s" % query)
            out = run([SERVE_LOAD, "--routeit", os.path.join(bins, "routeit"), "--map", map_path, "--json",
                       "--query", query], timeout=900, env=env)
            results[key] = json.loads(out)
        except (BenchError, OSError, ValueError) as e:
            log("serve: not measured — %s" % e)
            results[key] = {"error": str(e)}
    return results
