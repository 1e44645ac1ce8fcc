"""OSRM 26.10 (the osrm-bindings wheel's executables, Scripts/fetch-osrm): CH preprocessing,
osrm-routed on a free loopback port, its files and its own per-request times."""
import datetime
import http.client
import json
import os
import re
import statistics
import subprocess
import time

from ..proc import REPO, BenchError, free_port, log, run, timed

SMALL_TIMEOUT = 600          # seconds an OSRM step may take on a small dataset before it is abandoned
PREP_FIELDS = ("osrm_extract_s", "osrm_extract_rss_mb", "osrm_contract_s", "osrm_contract_rss_mb", "osrm_runs")
# Preprocessing shorter than this (extract + contract, s) is timed three times and the median
# kept, for OSRM and RouteIt alike: one run of half a second swings by a third with the machine.
SHORT_PREPROCESS_S = 5


def fetch():
    """The directory holding osrm/bin and osrm/share/profiles, and osrm-routed's version."""
    directory = run([os.path.join(REPO, "Scripts", "fetch-osrm")]).strip().splitlines()[-1]
    version = run([os.path.join(directory, "osrm", "bin", "osrm-routed"), "--version"]).strip()
    return directory, version


def binary(osrm_dir, name):
    return os.path.join(osrm_dir, "osrm", "bin", name)


def profile(osrm_dir, name):
    return os.path.join(osrm_dir, "osrm", "share", "profiles", name + ".lua")


def timeout(source):
    """Seconds a preprocessing step may take on a grid: OSRM's contraction grows faster than the
    file (the 1M grid's 2.9 MB took 242 s under load, the 10M grid's 29 MB 1 h 53 min), so 300 s
    per MB of PBF; a step that passes it is abandoned."""
    return max(SMALL_TIMEOUT, int(os.path.getsize(source) / 1e6 * 300))


def stem(source):
    for suffix in (".osm.pbf", ".osm"):
        if source.endswith(suffix):
            return source[: -len(suffix)] + ".osrm"
    return source + ".osrm"


def prepared(source):
    """The preprocessing figures of an earlier run's graph of `source`, if that graph is there."""
    osrm_file = stem(source)
    record = osrm_file + ".prep.json"
    if not (os.path.exists(source) and os.path.exists(record) and os.path.exists(osrm_file + ".hsgr")):
        return None
    if os.path.getmtime(record) < os.path.getmtime(source):
        return None
    with open(record) as f:
        return json.load(f)


def preprocess(osrm_dir, source, name, reuse=False):
    """osrm-extract (car.lua) + osrm-contract, timed; with `reuse` an earlier run's graph and figures."""
    earlier = prepared(source) if reuse else None
    if earlier:
        log("%s: reusing the OSRM graph prepared %s" % (name, earlier.get("prepared", "earlier")))
        result = {k: earlier.get(k, 1 if k == "osrm_runs" else None) for k in PREP_FIELDS}
        result["osrm_prepared_earlier"] = earlier.get("prepared", "earlier")
        return result
    log("%s: osrm-extract + osrm-contract" % name)
    osrm_file = stem(source)
    load = round(os.getloadavg()[0], 2)

    def timed_once():
        extract, extract_rss, _ = timed([binary(osrm_dir, "osrm-extract"), "-p", profile(osrm_dir, "car"), source],
                                        timeout=timeout(source))
        contract, contract_rss, _ = timed([binary(osrm_dir, "osrm-contract"), osrm_file], timeout=timeout(source))
        return extract, extract_rss, contract, contract_rss

    runs = [timed_once()]
    if runs[0][0] + runs[0][2] < SHORT_PREPROCESS_S:
        runs += [timed_once(), timed_once()]
    # The run of median total time, and the largest peak memory of any run.
    middle = sorted(runs, key=lambda r: r[0] + r[2])[len(runs) // 2]
    result = {"osrm_extract_s": round(middle[0], 3), "osrm_extract_rss_mb": round(max(r[1] for r in runs), 1),
              "osrm_contract_s": round(middle[2], 3), "osrm_contract_rss_mb": round(max(r[3] for r in runs), 1),
              "osrm_runs": len(runs)}
    with open(osrm_file + ".prep.json", "w") as f:
        json.dump(dict(result, prepared="by Scripts/bench %s UTC, load %s at its start" % (
            datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"), load)), f)
    return result


def prepare_profile(osrm_dir, source, profile_name):
    """A graph for one profile (foot, bicycle, ...) in its own directory next to the dataset's."""
    osrm_file = stem(source)
    run([binary(osrm_dir, "osrm-extract"), "-p", profile(osrm_dir, profile_name), source], timeout=SMALL_TIMEOUT)
    run([binary(osrm_dir, "osrm-contract"), osrm_file], timeout=SMALL_TIMEOUT)
    return osrm_file


def files_mb(osrm_file):
    """What osrm-routed needs: every STEM.osrm* file but the logs."""
    directory, base = os.path.dirname(osrm_file), os.path.basename(osrm_file)
    total = sum(os.path.getsize(os.path.join(directory, f)) for f in os.listdir(directory)
                if f.startswith(base) and not f.endswith(".log") and not f.endswith(".prep.json"))
    return round(total / 1e6, 2)


def request_ms_p50(log_path):
    """Median of osrm-routed's own per-request times of /route requests (its log's `1.5ms`)."""
    times = []
    with open(log_path) as f:
        for line in f:
            m = re.search(r" ([0-9.]+)ms .* /route/v1/", line)
            if m:
                times.append(float(m.group(1)))
    return round(statistics.median(times), 4) if times else None


class Server:
    """osrm-routed --algorithm ch on a free loopback port, stopped on exit (a context manager)."""

    def __init__(self, osrm_dir, osrm_file):
        self.port = free_port()
        self.log_path = os.path.join(os.path.dirname(osrm_file), "osrm-routed.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [binary(osrm_dir, "osrm-routed"), "--algorithm", "ch", "--ip", "127.0.0.1",
             "--port", str(self.port), "--max-table-size", "1000", osrm_file], stdout=self.log, stderr=subprocess.STDOUT)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def wait_ready(self, lon, lat):
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise BenchError("osrm-routed exited with %d (see %s)" % (self.process.returncode, self.log_path))
            try:
                c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                c.request("GET", "/nearest/v1/driving/%f,%f" % (lon, lat))
                c.getresponse().read()
                c.close()
                return
            except OSError:
                time.sleep(0.1)
        raise BenchError("osrm-routed did not answer within 60 s")

    def route_ok(self, path):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        c.request("GET", path)
        ok = json.loads(c.getresponse().read()).get("code") == "Ok"
        c.close()
        return ok

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
