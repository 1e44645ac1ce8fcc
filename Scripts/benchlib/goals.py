"""The goals of Scripts/bench-goals.json, evaluated against one run's results."""
import json
import os

from .datasets import GRID_SIZES
from .proc import REPO

GOALS_FILE = os.path.join(REPO, "Scripts", "bench-goals.json")


def load(path=GOALS_FILE):
    with open(path) as f:
        return json.load(f)["goals"]


def lookup(root, datasets, path):
    """A dotted path inside `root`; `@NAME.rest` reads results.datasets[NAME] instead."""
    if path.startswith("@"):
        name, _, path = path[1:].partition(".")
        root = datasets.get(name, {})
    value = root
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def select(selector, datasets):
    measured = [k for k, v in datasets.items() if "error" not in v and not v.get("import_only")]
    if isinstance(selector, list):
        return [k for k in selector if k in measured]
    if selector == "measured":
        return measured
    if selector == "grids":
        return [k for k in measured if k.startswith("grid_")]
    if selector == "extracts":
        return [k for k in measured if not k.startswith("grid_")]
    if selector == "largest_grid":
        grids = sorted((k for k in measured if k.startswith("grid_")), key=lambda k: GRID_SIZES[k[5:]])
        return grids[-1:]
    raise ValueError("unknown dataset selector %r" % selector)


def _value(goal, root, datasets):
    a = lookup(root, datasets, goal["value"])
    other = goal.get("over") or goal.get("minus") or goal.get("share_of")
    b = lookup(root, datasets, other) if other else None
    if a is None or (other and b is None):
        return None, a, b
    if goal.get("deviation"):
        value = 0.0 if a == b else (abs(a / b - 1) if b else None)
    elif "over" in goal:
        value = a / b if b else None
    elif "minus" in goal:
        value = a - b
    elif "share_of" in goal:
        value = a / max(1, b)
    else:
        value = a
    if "shows" in goal:
        a, b = (lookup(root, datasets, p) for p in goal["shows"])
    return value, a, b


def _row(goal, where, value, a, b):
    limit = goal.get("max", goal.get("min"))
    if value is None:
        verdict, text = None, "not measured"
    else:
        verdict = value >= limit if "min" in goal else value <= limit
        try:
            text = goal.get("measured", "{a}").format(a=a, b=b)
        except (TypeError, ValueError):
            text = "%s vs %s" % (a, b)
    return {"goal": goal["goal"], "dataset": where, "value": None if value is None else round(value, 4),
            "limit": limit, "at_least": "min" in goal, "pass": verdict, "measured": text}


def evaluate(results, goals=None):
    """One row per goal and dataset (and mode): goal, dataset, measured text, value, limit, pass."""
    datasets = results.get("datasets", {})
    rows = []
    for goal in goals if goals is not None else load():
        scope = goal.get("scope", "dataset")
        if scope == "dataset":
            for name in select(goal.get("datasets", "measured"), datasets):
                d = datasets[name]
                if goal.get("requires") and not lookup(d, datasets, goal["requires"]):
                    continue
                rows.append(_row(goal, name, *_value(goal, d, datasets)))
        elif scope == "quality":
            for name, d in datasets.items():
                for mode in goal.get("modes", []):
                    q = d.get("quality", {}).get(mode)
                    if q is not None:
                        rows.append(_row(goal, "%s %s" % (name, mode), *_value(goal, q, datasets)))
        elif scope == "run":
            if lookup(results, datasets, goal["value"]) is not None:
                rows.append(_row(goal, goal.get("dataset", "run"), *_value(goal, results, datasets)))
        elif scope == "geocode_quality":
            for name, classes in results.get("geocode_quality", {}).items():
                shares = [(c["top1_within_60m"], key) for key, c in classes.items() if c.get("queries")]
                if shares:
                    low, key = min(shares)
                    rows.append(_row(goal, name, low, low, key))
        else:
            raise ValueError("unknown goal scope %r" % scope)
    for name, d in datasets.items():
        if "error" in d:
            rows.append({"goal": "dataset measured", "dataset": name, "value": None, "limit": None, "at_least": False,
                         "pass": False, "measured": d["error"]})
    return rows
