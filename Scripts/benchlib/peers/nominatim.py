"""Nominatim 5.3 (PyPI nominatim-db/nominatim-api 5.3.3 on Debian's PostgreSQL + PostGIS and
osm2pgsql) through Scripts/nominatim-server: install, import of the Helsinki extract, and its API on
a free loopback port; forward queries over one keep-alive HTTP connection. Its directory is the
script's ($ROUTEIT_NOMINATIM_DIR, default .data/nominatim), shared with Scripts/nominatim-bench, as
the PostgreSQL database it imports into is one per machine."""
import http.client
import json
import math
import os
import signal
import subprocess
import time
import urllib.parse

from ..proc import REPO, log
from . import PeerUnavailable

SCRIPT = os.path.join(REPO, "Scripts", "nominatim-server")


def _step(args, timeout):
    try:
        p = subprocess.run([SCRIPT] + args, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise PeerUnavailable("Scripts/nominatim-server %s took over %d s" % (" ".join(args), timeout))
    if p.returncode != 0:
        raise PeerUnavailable("Scripts/nominatim-server %s exited with %d: %s" % (
            " ".join(args), p.returncode, " | ".join(p.stderr.strip().splitlines()[-3:])))
    return p


def metres(a, b):
    dlat = math.radians(b[0] - a[0])
    dlon = math.radians(b[1] - a[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    return 6371000 * math.hypot(dlat, dlon)


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, min(len(ordered) - 1, math.ceil(p * len(ordered)) - 1))], 4)


class Nominatim:
    def __init__(self, extract="Helsinki"):
        if os.geteuid() != 0:
            raise PeerUnavailable("Scripts/nominatim-server needs root (apt packages, PostgreSQL roles)")
        log("nominatim: install (idempotent) and import of %s" % extract)
        _step(["install"], 1800)
        start = time.time()
        p = _step(["import", extract], 1800)
        self.import_s = round(time.time() - start, 1)
        self.imported_now = "imported" in p.stderr   # a matching earlier import is kept (the script's stamp)
        self.version = "5.3.3"
        p = _step(["start"], 120)
        url, pid = p.stdout.split()
        self.port = urllib.parse.urlsplit(url).port
        self.pid = int(pid)

    def stop(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass

    def compare(self, answers):
        """The queries RouteIt answered (`routeit-bench geocode --answers-out`), asked of Nominatim."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        out = self._forward(conn, answers["forward"])
        out["reverse"] = self._reverse(conn, answers["reverse"])
        conn.close()
        return out

    @staticmethod
    def _reverse(conn, answers):
        """Reverse lookups a few metres off each address: the street Nominatim names (its `road`, or the
        pedestrian way, footway ... it lies on) against the address's street and RouteIt's answer."""
        def ask(lat, lon):
            conn.request("GET", "/reverse?" + urllib.parse.urlencode({"lat": lat, "lon": lon, "format": "jsonv2"}))
            return json.loads(conn.getresponse().read())

        for a in answers[:20]:
            ask(*a["at"])
        times, same_nominatim, same_routeit, agree = [], 0, 0, 0
        for a in answers:
            start = time.perf_counter()
            hit = ask(*a["at"])
            times.append((time.perf_counter() - start) * 1000)
            address = hit.get("address") or {}
            street = next((address[k] for k in ("road", "pedestrian", "footway", "path", "cycleway", "square",
                                                "place") if k in address), None)
            same_nominatim += street == a["street"]
            same_routeit += a.get("answer") == a["street"]
            agree += street is not None and street == a.get("answer")
        routeit_ms = [a["ms"] for a in answers if a.get("ms") is not None]
        n = len(answers)
        return {"queries": n, "same_street_nominatim": round(same_nominatim / n, 4) if n else None,
                "same_street_routeit": round(same_routeit / n, 4) if n else None,
                "agree": agree, "agreement": round(agree / n, 4) if n else None,
                "nominatim_http_ms": {"p50": percentile(times, 0.5), "p99": percentile(times, 0.99)},
                "routeit_inprocess_ms": {"p50": percentile(routeit_ms, 0.5), "p99": percentile(routeit_ms, 0.99)}}

    @staticmethod
    def _forward(conn, answers):
        def ask(text):
            conn.request("GET", "/search?" + urllib.parse.urlencode({"q": text, "format": "jsonv2", "limit": 1}))
            return conn.getresponse().read()

        for a in answers[:20]:             # warm the database's caches and the connection
            ask(a["query"])
        times, agree, found, both, found_routeit, nominatim_only, routeit_only = [], 0, 0, 0, 0, 0, 0
        for a in answers:
            start = time.perf_counter()
            body = ask(a["query"])
            times.append((time.perf_counter() - start) * 1000)
            hits = json.loads(body)
            top = (float(hits[0]["lat"]), float(hits[0]["lon"])) if hits else None
            ours = a.get("top")
            if top and metres(top, a["at"]) < 100:
                found += 1
            if ours and metres(ours, a["at"]) < 100:
                found_routeit += 1
            if top and ours:
                both += 1
                if metres(top, ours) < 100:
                    agree += 1
            elif top:
                nominatim_only += 1
            elif ours:
                routeit_only += 1
        routeit_ms = [a["ms"] for a in answers if a.get("ms") is not None]
        return {"queries": len(answers), "both_answered": both, "agree_within_100m": agree,
                "agreement": round(agree / both, 4) if both else None,
                "nominatim_top_within_100m": round(found / len(answers), 4) if answers else None,
                "routeit_top_within_100m": round(found_routeit / len(answers), 4) if answers else None,
                "only_nominatim_answered": nominatim_only, "only_routeit_answered": routeit_only,
                "nominatim_http_ms": {"p50": percentile(times, 0.5), "p99": percentile(times, 0.99)},
                "routeit_inprocess_ms": {"p50": percentile(routeit_ms, 0.5), "p99": percentile(routeit_ms, 0.99)}}
