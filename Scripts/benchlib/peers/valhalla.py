"""Valhalla 3.9 (PyPI pyvalhalla==3.9.1, a cp312-abi3 wheel): installed into its own Python 3.12
venv ($ROUTEIT_VALHALLA_VENV, default WORK/valhalla-venv; the interpreter from $ROUTEIT_PYTHON312,
`python3.12` on PATH, pyenv or uv), tiles built with the wheel's valhalla_build_tiles; warm routes asked of its Actor in a worker
process (valhalla_worker.py) — in process, as routeit-bench asks RouteIt; the cold one-shot is the
wheel's valhalla_service in its one-shot mode (one whole native process per route)."""
import glob
import json
import os
import shutil
import subprocess

from ..proc import WORK, dir_mb, log, median_wall_ms, run, timed
from . import PeerUnavailable

VERSION = "3.9.1"
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "valhalla_worker.py")


def _python312():
    candidates = [os.environ.get("ROUTEIT_PYTHON312"), shutil.which("python3.12")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12*/bin/python3.12")), reverse=True)
    candidates += ["/usr/bin/python3.12"]
    for c in candidates:
        if c and os.path.exists(c):
            p = subprocess.run([c, "-c", "import sys; print(sys.version_info[:2] == (3, 12))"], capture_output=True, text=True)
            if p.stdout.strip() == "True":
                return c
    if shutil.which("uv"):
        p = subprocess.run(["uv", "python", "find", "3.12"], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            return p.stdout.strip()
    raise PeerUnavailable("no Python 3.12 found (ROUTEIT_PYTHON312, python3.12 on PATH, ~/.pyenv/versions/3.12*, uv); "
                          "pyvalhalla %s has only a cp312-abi3 wheel" % VERSION)


class Valhalla:
    def __init__(self):
        self.venv = os.environ.get("ROUTEIT_VALHALLA_VENV") or os.path.join(WORK, "valhalla-venv")
        self.python = os.path.join(self.venv, "bin", "python")
        if not self._installed():
            interpreter = _python312()
            log("valhalla: pip install pyvalhalla==%s into %s (Python 3.12: %s)" % (VERSION, self.venv, interpreter))
            p = subprocess.run([interpreter, "-m", "venv", self.venv], capture_output=True, text=True)
            if p.returncode != 0:
                raise PeerUnavailable("python3.12 -m venv failed: %s" % p.stderr.strip()[-300:])
            p = subprocess.run([os.path.join(self.venv, "bin", "pip"), "install", "-q", "pyvalhalla==" + VERSION],
                               capture_output=True, text=True)
            if p.returncode != 0 or not self._installed():
                raise PeerUnavailable("pip install pyvalhalla==%s failed: %s" % (VERSION, (p.stderr or p.stdout).strip()[-300:]))
        out = subprocess.run([self.python, "-c", "import valhalla, os; print(valhalla.__version__); print(os.path.dirname(valhalla.__file__))"],
                             capture_output=True, text=True).stdout.split()
        self.version, package = out[0], out[1]
        self.build_tiles = os.path.join(package, "bin", "valhalla_build_tiles")
        self.service = os.path.join(package, "bin", "valhalla_service")
        for tool in (self.build_tiles, self.service):
            if not os.access(tool, os.X_OK):
                raise PeerUnavailable("%s is missing from the wheel" % tool)

    def _installed(self):
        if not os.path.exists(self.python):
            return False
        p = subprocess.run([self.python, "-c", "import valhalla; print(valhalla.__version__)"], capture_output=True, text=True)
        return p.returncode == 0 and p.stdout.strip().startswith(VERSION)

    def build(self, name, source, timeout):
        """valhalla_build_tiles on `source` into a fresh tile directory: wall time, peak RSS, size."""
        source = os.path.abspath(source)
        if not source.endswith(".pbf"):
            raise PeerUnavailable("valhalla_build_tiles reads only PBF and %s is OSM XML (osmium-tool missing)" % os.path.basename(source))
        directory = os.path.join(os.path.dirname(source), "valhalla")
        tiles = os.path.join(directory, "tiles")
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(tiles)
        config = os.path.join(directory, "valhalla.json")
        run([self.python, "-c", "import json, sys, valhalla; "
             "c = valhalla.get_config(tile_extract='', tile_dir=sys.argv[1]); c['mjolnir']['traffic_extract'] = ''; "
             "json.dump(c, open(sys.argv[2], 'w'), indent=1)",
             tiles, config])
        log("%s: valhalla_build_tiles" % name)
        wall, rss, _ = timed([self.build_tiles, "-c", config, source], timeout=timeout, cwd=directory)
        return config, {"build_s": round(wall, 3), "build_rss_mb": round(rss, 1), "tiles_mb": dir_mb(tiles)}

    def routes(self, config, pairs_path):
        return json.loads(run([self.python, WORKER, "routes", config, pairs_path], timeout=1800))

    def cold_ms(self, config, a, b, runs):
        """A whole process: `valhalla_service CONFIG route JSON` (its one-shot mode) opens the tiles,
        routes once, prints the answer and exits, as `routeit route` does."""
        request = json.dumps({"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
                              "costing": "auto", "alternates": 1, "units": "kilometers"})
        cmd = [self.service, config, "route", request]
        ms = median_wall_ms(cmd, runs)
        rss = max(timed(cmd, timeout=120)[1] for _ in range(3))
        return {"cold_ms": ms, "cold_rss_mb": round(rss, 1)}
