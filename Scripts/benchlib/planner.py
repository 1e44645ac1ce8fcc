"""The day planner against VROOM (pyvroom) and OR-Tools on the same road matrices, through
Scripts/bench-planner (its venv, instances and solvers); its JSON becomes part of the run."""
import json
import os

from .proc import REPO, BenchError, log, run

PLANNER = os.path.join(REPO, "Scripts", "bench-planner")
RESULTS = os.path.join(REPO, ".data", "planner", "results.json")
KINDS = ("plain", "hours", "delivery")
# OR-Tools runs to its whole time limit at every size. Its 60 s answer is the best known at 200
# stops; below that VROOM and OR-Tools 10 s already match or beat it (the stop-33 runs), so the
# small sizes get 10 s only: nine instances in about two minutes instead of eleven.
SMALL_ORTOOLS = "10"


def measure(sizes):
    try:
        log("planner: peers' venv, instances, solving at %s stops" % ",".join(sizes))
        run([PLANNER, "setup"], timeout=1800)
        run([PLANNER, "make", "--sizes", ",".join(sizes)], timeout=1800)
        small = [s for s in sizes if int(s) < 200]
        large = [s for s in sizes if int(s) >= 200]
        instances = []
        for group, extra in ((small, ["--ortools", SMALL_ORTOOLS]), (large, [])):
            if not group:
                continue
            if os.path.exists(RESULTS):
                os.remove(RESULTS)
            run([PLANNER, "run", "--sizes", ",".join(group)] + extra, timeout=7200)
            with open(RESULTS) as f:
                instances += json.load(f)
        # The page's rows by kind, then size.
        instances.sort(key=lambda i: (KINDS.index(i["instance"].split("-")[0]) if i["instance"].split("-")[0] in KINDS
                                      else len(KINDS), i.get("stops", 0)))
        return {"sizes": sizes, "instances": instances}
    except (BenchError, OSError, ValueError, KeyError) as e:
        log("planner: not measured — %s" % e)
        return {"error": str(e)}
