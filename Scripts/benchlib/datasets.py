"""The real extracts (Scripts/fetch-data) and the synthetic grid cities (Scripts/make-grid-osm)."""
import os
import shutil

from .proc import OSM_DIR, REPO, WORK, log, run

EXTRACTS = {"helsinki": "Helsinki.osm.pbf", "monaco": "monaco.osm.pbf"}
GRID_SIZES = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000, "3m": 3_000_000, "10m": 10_000_000,
              "30m": 30_000_000}


def fetch_extracts():
    run([os.path.join(REPO, "Scripts", "fetch-data")])


def prepare_extract(name):
    """A directory per dataset (OSRM writes its files next to its input): a copy of the extract."""
    source = os.path.join(OSM_DIR, EXTRACTS[name])
    directory = os.path.join(WORK, name)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, os.path.basename(source))
    if not os.path.exists(target) or os.path.getmtime(target) < os.path.getmtime(source):
        shutil.copyfile(source, target)
    return target


def make_grid(label, reuse=None):
    """The grid city as PBF (osmium-tool converts it, as a user's extract would come) or OSM XML.
    `reuse(pbf)` says whether an earlier run's prepared peer graph belongs to an existing file."""
    directory = os.path.join(WORK, "grid-" + label)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, "grid-%s.osm" % label)
    script = os.path.join(REPO, "Scripts", "make-grid-osm")
    pbf = target + ".pbf"
    if os.path.exists(pbf) and os.path.getmtime(pbf) >= os.path.getmtime(script):
        return pbf
    if reuse and reuse(pbf):
        log("grid %s: keeping the file of the prepared OSRM graph (make-grid-osm is newer)" % label)
        return pbf
    if not os.path.exists(target) or os.path.getmtime(target) < os.path.getmtime(script):
        log("writing grid city %s" % label)
        run([script, target, "--nodes", str(GRID_SIZES[label])], timeout=6 * 3600)
    if shutil.which("osmium"):
        run(["osmium", "cat", target, "-o", pbf, "-O"], timeout=6 * 3600)
        os.remove(target)
        return pbf
    return target


def map_stem(source):
    for suffix in (".osm.pbf", ".osm"):
        if source.endswith(suffix):
            return source[: -len(suffix)]
    return source


def count_nodes(path):
    """Nodes of a grid file: osmium's count for PBF, `<node ` lines of make-grid-osm's XML."""
    if path.endswith(".pbf"):
        out = run(["osmium", "fileinfo", "-e", "-g", "data.count.nodes", path]).strip()
        return int(out) if out.isdigit() else None
    count = 0
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b"  <node "):
                count += 1
    return count
