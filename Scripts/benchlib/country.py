"""The country geocoding section (`Scripts/bench --country 1,50,500`): the synthetic country of
`Scripts/make-country-osm N` at each size, its import (time, size per node) and cold geocoding
per query class with `Scripts/country-geocode-bench` (latency against N = 1, right town first)."""
import json
import os

from .datasets import count_nodes
from .proc import REPO, WORK, log, run, timed

SCRIPTS = os.path.join(REPO, "Scripts")


def country_files(n):
    """The country of `n` towns and its town list, generated once into WORK/country."""
    directory = os.path.join(WORK, "country")
    os.makedirs(directory, exist_ok=True)
    osm = os.path.join(directory, "country-%d.osm.pbf" % n)
    towns = os.path.join(directory, "country-%d.towns.tsv" % n)
    if not (os.path.exists(osm) and os.path.exists(towns)):
        log("country N=%d: generating" % n)
        run([os.path.join(SCRIPTS, "make-country-osm"), str(n), osm, "--towns-out", towns], timeout=6 * 3600)
    return osm, towns


def measure(bins, sizes, runs=5, sample=200):
    """{"n1": {...}, "n500": {...}, "right_town_min": share}: import and per-class cold latency
    at every size, each class's latency also as a ratio of the same class at N = 1."""
    result = {}
    for n in sorted(sizes):
        osm, towns = country_files(n)
        map_path = osm[:-len(".osm.pbf")] + ".routeit"
        log("country N=%d: routeit import" % n)
        wall, rss, _ = timed([os.path.join(bins, "routeit"), "import", osm, "-o", map_path], timeout=6 * 3600)
        nodes = count_nodes(osm)
        entry = {"towns": n, "nodes": nodes, "import_s": round(wall, 1), "import_rss_mb": round(rss, 1),
                 "map_mb": round(os.path.getsize(map_path) / 1e6, 2),
                 "bytes_per_node": round(os.path.getsize(map_path) / nodes, 1) if nodes else None}
        log("country N=%d: cold geocoding" % n)
        out = run([os.path.join(SCRIPTS, "country-geocode-bench"), map_path, towns, "--routeit", os.path.join(bins, "routeit"),
                   "--runs", str(runs), "--sample", str(sample), "--json"], timeout=3 * 3600)
        entry["classes"] = json.loads(out.strip().splitlines()[-1])["classes"]
        result["n%d" % n] = entry
    base = result.get("n1", {}).get("classes", {})
    rights = []
    for entry in (v for k, v in result.items() if k.startswith("n")):
        ratios, colds = [], []
        for label, c in entry["classes"].items():
            if label in base and base[label]["wall_ms"]:
                c["ratio_to_n1"] = round(c["wall_ms"] / base[label]["wall_ms"], 2)
                ratios.append(c["ratio_to_n1"])
            colds.append(c["wall_ms"])
            if c.get("sampled"):
                rights.append(c["right_town"] / c["sampled"])
        entry["worst_ratio_to_n1"] = max(ratios) if ratios and entry["towns"] != 1 else None
        entry["worst_cold_ms"] = max(colds) if colds else None
    result["right_town_min"] = min(rights) if rights else None
    return result
