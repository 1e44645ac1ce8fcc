"""A proof that no plan of a planner instance (the JSON of Scripts/bench-planner) serves a set of
stops (or all but a few of them) in one day: a lower bound on the travel of any such plan, above
the travel the day leaves (its length less every stay; waiting only takes more).

The bound is the shortest round trip of a relaxation that every such plan maps onto:
  - the route cut down to the slotted stops and a few unslotted ones (those costliest to put
    between two slotted stops, where most of the unslotted cost nothing); a leg between two of
    them costs the shortest way through the stops left out (any of which the plan may pass by
    serving it), never more than the plan's legs in between, and no less than the closure;
  - no times, only the order the slots force: when every slotted stop has one window and none
    may start once the next window has opened, a visit's period (the last slot opened by its
    start; the first before any) never goes back along a route, and skips a slot only when the
    plan drops every stop of that slot (they would start in between); the route starts before
    the first period and ends after the last. An unslotted stop becomes optional copies, one per
    period, at most one used;
  - at most as many of the stops kept dropped as the plan drops of them all.
CP-SAT solves it; only its proven bound counts (a plan it finds is one of the relaxation). Where
stops may be dropped, the relaxation is split into cases by which of a few given stops are served
(serving_bound): each case is a relaxation of the plans that drop just those."""
import numpy as np


def closure(matrix, through=None):
    """Shortest-path closure of an integer duration matrix (every route present), going only
    through the stops of `through` (every stop when None)."""
    if any(d is None for row in matrix for d in row):
        raise ValueError("a route is missing: the closure needs every pair")
    D = np.array(matrix, dtype=np.int64)
    for k in range(len(D)) if through is None else sorted(through):  # Floyd-Warshall
        np.minimum(D, D[:, k:k + 1] + D[k:k + 1, :], out=D)
    return D


def periods(p, stops):
    """Each slotted stop's period (its window's rank); None when the windows do not force an
    order: a stop with several windows, or one that may start once the next window has opened."""
    spans = {}
    for u in stops:
        windows = p["windows"][u]
        if len(windows) > 1:
            return None
        if windows:
            spans[u] = tuple(windows[0])
    ordered = sorted(set(spans.values()))
    rank = {span: k for k, span in enumerate(ordered)}
    for u, (_, close) in spans.items():
        k = rank[spans[u]]
        if k + 1 < len(ordered) and close - p["stays"][u] >= ordered[k + 1][0]:
            return None
    return {u: rank[span] for u, span in spans.items()}


def allowed(pu, pv):
    """Whether a visit in period pv may follow one in pu (the start and the end are None)."""
    if pu is None:
        return pv == 0
    return pv in (pu, pu + 1)


def costliest_unslotted(D, slot, stops, count, drops=0):
    """The `count` unslotted stops that cost the most at the least to put between two slotted
    stops (or the start) that may follow each other. Where stops may be dropped, a stop's
    `drops` nearest slotted stops do not count: a plan may drop them all, a stop far from every
    other one but those (a cluster of its own) is then as costly as it looks."""
    last = max(slot.values())
    ends = [(None, 0)] + [(slot[u], u) for u in slot]
    pairs = [(a, b) for pa, a in ends for pb, b in ends if a != b
             and ((pa is None and pb == 0) or (pb is None and pa == last) or (pa is not None and pb is not None and allowed(pa, pb)))]
    cost = {}
    for u in stops:
        if u in slot:
            continue
        near = set(sorted(slot, key=lambda a: (D[a][u] + D[u][a], a))[:drops])
        cost[u] = min((D[a][u] + D[u][b] - D[a][b] for a, b in pairs if a not in near and b not in near), default=0)
    return sorted(cost, key=lambda u: (-cost[u], u))[:count]


def layered(slot, unslotted, last, drops=0):
    """Nodes (stop, period) of the relaxation, the start first, and its arcs as index pairs, each
    with the slotted stops it skips (every one of them must be dropped: at most `drops`). The
    depot leaves before the first period and comes back after the last."""
    nodes = [(0, None)] + [(u, slot[u]) for u in sorted(slot)] + [(u, k) for u in unslotted for k in range(last + 1)]
    in_period = [[u for u in sorted(slot) if slot[u] == k] for k in range(last + 1)]
    arcs = {}
    for a, (u, pu) in enumerate(nodes):
        for b, (v, pv) in enumerate(nodes):
            if u == v:
                continue
            pu_, pv_ = (-1 if pu is None else pu), (last + 1 if pv is None else pv)
            if pv_ < pu_:
                continue
            skipped = [w for k in range(pu_ + 1, pv_) for w in in_period[k]]
            if len(skipped) <= drops:
                arcs[(a, b)] = skipped
    return nodes, arcs


def travel_bound(p, stops, unslotted=4, seconds=300, workers=2, drops=0, must=()):
    """The proven lower bound on the travel of any plan serving all but at most `drops` of
    `stops` (every one of `must` among them), the best round trip of the relaxation found, and
    CP-SAT's status."""
    from ortools.sat.python import cp_model
    slot = periods(p, stops)
    if not slot or set(slot.values()) != set(range(max(slot.values()) + 1)):
        raise ValueError("the windows force no order of the stops")
    last = max(slot.values())
    free = [u for u in stops if u not in must]
    kept = sorted(u for u in must if u not in slot) + costliest_unslotted(closure(p["matrix"]), slot, free, unslotted, drops)
    nodes, arcs = layered(slot, kept, last, drops)
    # A leg of the relaxation stands for the plan's legs from one kept stop to the next, through
    # any number of the others: never shorter than the quickest way through those others alone.
    D = closure(p["matrix"], through=set(range(len(p["matrix"]))) - set(slot) - set(kept) - {0})
    m = cp_model.CpModel()
    lits = {arc: m.NewBoolVar("") for arc in arcs}
    skipped = {a: m.NewBoolVar("") for a in range(1, len(nodes))}
    m.AddCircuit([(a, b, lit) for (a, b), lit in lits.items()] + [(a, a, lit) for a, lit in skipped.items()])
    dropped = {u: skipped[a] for a, (u, _) in enumerate(nodes) if u in slot}
    for u in kept:
        dropped[u] = m.NewBoolVar("")
        m.AddExactlyOne([lit.Not() for a, lit in skipped.items() if nodes[a][0] == u] + [dropped[u]])
    m.Add(sum(dropped.values()) <= drops)
    for u in must:
        m.Add(dropped[u] == 0)
    for arc, over in arcs.items():
        for w in over:
            m.AddImplication(lits[arc], dropped[w])
    m.Minimize(sum(int(D[nodes[a][0]][nodes[b][0]]) * lit for (a, b), lit in lits.items()))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    status = solver.Solve(m)
    found = solver.ObjectiveValue() if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    # No round trip at all: no such plan either.
    bound = float("inf") if status == cp_model.INFEASIBLE else solver.BestObjectiveBound()
    return {"bound": bound, "found": found, "status": solver.StatusName(status),
            "unslotted": kept, "seconds": round(solver.WallTime(), 1)}


def serving_bound(p, stops, serving, split=(), unslotted=4, seconds=300, workers=2):
    """The proven lower bound on the travel of any plan serving at least `serving` of `stops`:
    the least of the bounds of its cases, one for each set of the `split` stops it may drop
    (the others of them served, and fewer drops left for the rest). Splitting on the stops only
    a long way round reaches (a cluster far from the rest) tells the relaxation which of them a
    plan serves: CP-SAT, left to choose, proves little once stops may be dropped."""
    from itertools import combinations
    drops = len(stops) - serving
    if drops < 0:
        raise ValueError(f"only {len(stops)} stops to serve {serving} of")
    split = sorted(set(split) & set(stops))
    cases = []
    for count in range(min(drops, len(split)) + 1):
        for out in combinations(split, count):
            left = set(stops) - set(out)
            case = travel_bound(p, left, unslotted, seconds, workers, drops - count,
                                must=[u for u in split if u not in out])
            cases.append(dict(case, dropped=list(out)))
    bound = min(c["bound"] for c in cases)
    return {"bound": bound, "cases": cases, "status": "OPTIMAL" if all(c["status"] in ("OPTIMAL", "INFEASIBLE") for c in cases) else "FEASIBLE",
            "seconds": round(sum(c["seconds"] for c in cases), 1)}


def travel_left(p, stops, drops=0):
    """The most travel a plan serving all but `drops` of `stops` can have: the day less their
    shortest stays."""
    stays = sorted(p["stays"][u] for u in stops)
    return p["backBy"] - p["departure"] - sum(stays[:len(stays) - drops])
