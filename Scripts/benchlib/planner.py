"""The day planner against VROOM (pyvroom) and OR-Tools on the same road matrices, through
Scripts/bench-planner (its venv, instances and solvers); its JSON becomes part of the run."""
import json
import os

from .proc import REPO, BenchError, log, run

PLANNER = os.path.join(REPO, "Scripts", "bench-planner")
RESULTS = os.path.join(REPO, ".data", "planner", "results.json")


def measure(sizes):
    try:
        log("planner: peers' venv, instances, solving at %s stops" % ",".join(sizes))
        run([PLANNER, "setup"], timeout=1800)
        run([PLANNER, "make", "--sizes", ",".join(sizes)], timeout=1800)
        if os.path.exists(RESULTS):
            os.remove(RESULTS)
        run([PLANNER, "run", "--sizes", ",".join(sizes)], timeout=7200)
        with open(RESULTS) as f:
            return {"sizes": sizes, "instances": json.load(f)}
    except (BenchError, OSError, ValueError) as e:
        log("planner: not measured — %s" % e)
        return {"error": str(e)}
