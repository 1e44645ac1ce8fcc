"""Process control: commands, GNU time, loopback ports, the machine and the release build."""
import datetime
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# ROUTEIT_BENCH_DIR: somewhere else than the shared .data/bench (grids, peers' graphs, maps).
WORK = os.path.abspath(os.environ.get("ROUTEIT_BENCH_DIR") or os.path.join(REPO, ".data", "bench"))
OSM_DIR = os.path.abspath(os.environ.get("ROUTEIT_OSM_DIR") or os.path.join(REPO, ".data", "osm"))


def log(message):
    print("bench: " + message, file=sys.stderr, flush=True)


class BenchError(Exception):
    pass


def run(cmd, timeout=None, env=None, capture=True, cwd=None):
    try:
        p = subprocess.run(cmd, cwd=cwd or REPO, env=env, timeout=timeout, text=True,
                           stdout=subprocess.PIPE if capture else None, stderr=subprocess.PIPE if capture else None)
    except subprocess.TimeoutExpired:
        raise BenchError("%s timed out after %d s" % (os.path.basename(cmd[0]), timeout))
    if p.returncode != 0:
        tail = (p.stderr or "").strip().splitlines()[-3:] if capture else []
        raise BenchError("%s exited with %d: %s" % (" ".join(os.path.basename(c) for c in cmd[:2]), p.returncode,
                                                     " | ".join(tail)))
    return p.stdout


def ensure_tools(grids=False):
    """GNU /usr/bin/time (Debian's `time`) and wrk; for grids osmium-tool, which writes them as PBF (the
    form a user's extract comes in, and the only one Valhalla's tile builder reads)."""
    missing = [] if os.path.exists("/usr/bin/time") else ["time"]
    if not shutil.which("wrk"):
        missing.append("wrk")   # the load `routeit serve` and osrm-routed are measured under
    if grids and not shutil.which("osmium"):
        missing.append("osmium-tool")
    if not missing:
        return
    log("installing Debian's %s" % ", ".join(missing))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + missing, check=True,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def timed(cmd, timeout=None, env=None, cwd=None):
    """Runs `cmd` under `/usr/bin/time -v`: (wall seconds, peak RSS MB, stdout)."""
    report = os.path.join(WORK, "time-report.txt")
    out = run(["/usr/bin/time", "-v", "-o", report] + cmd, timeout=timeout, env=env, cwd=cwd)
    text = open(report).read()
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", text).group(1)
    seconds = 0.0
    for part in wall.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds, rss_kb / 1024, out


def median_wall_ms(cmd, runs, env=None, warmups=2):
    """Median wall time of `runs` whole processes after `warmups` (the first fill the page cache)."""
    times = []
    for i in range(runs + warmups):
        start = time.perf_counter()
        run(cmd, env=env, timeout=120)
        if i >= warmups:
            times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def median_wall_ms_side_by_side(cmds, runs, warmups=2):
    """Per command, the median wall time of `runs` whole processes, the commands taking turns
    (a, b, a, b, ...) so a spell of load on this machine falls on both alike, not on one."""
    times = [[] for _ in cmds]
    for i in range(runs + warmups):
        for k, cmd in enumerate(cmds):
            start = time.perf_counter()
            run(cmd, timeout=120)
            if i >= warmups:
                times[k].append((time.perf_counter() - start) * 1000)
    return [round(statistics.median(t), 2) for t in times]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dir_mb(path):
    total = 0
    for root, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return round(total / 1e6, 2)


def machine():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = None
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem_gb = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "memory_gb": mem_gb, "kernel": platform.release(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def commit():
    """The commit measured: short hash, subject, and whether the work tree differs from it."""
    def git(*args):
        p = subprocess.run(["git"] + list(args), cwd=REPO, capture_output=True, text=True)
        return p.stdout.strip() if p.returncode == 0 else None
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return {"hash": git("rev-parse", "--short=9", "HEAD"), "date": git("log", "-1", "--format=%cI"),
            "uncommitted_changes": bool(dirty)}


def build(skip):
    if not skip:
        log("swift build -c release --static-swift-stdlib --disable-local-rpath (routeit, routeit-bench)")
        # No $ORIGIN run path (the Swift libraries are linked in): with it the loader looked for each
        # system library in the binary's folder first, 44 failed system calls at every start.
        for product in ("routeit", "routeit-bench"):
            run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--disable-local-rpath", "--product", product],
                capture=True)
    bin_dir = run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"]).strip()
    for product in ("routeit", "routeit-bench"):
        if not os.path.exists(os.path.join(bin_dir, product)):
            raise BenchError("%s/%s is missing; run without --skip-build" % (bin_dir, product))
    return bin_dir
