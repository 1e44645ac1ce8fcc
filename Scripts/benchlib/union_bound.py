"""A proof that a set of stops cannot all be served in one day of a planner instance (the JSON of
Scripts/bench-planner): a lower bound on the travel of any plan serving them all, above the travel
the day leaves (its length less every stay; waiting only takes more).

The bound is the shortest round trip of a relaxation that every such plan maps onto:
  - travel under the matrix's shortest-path closure: never more than the matrix, and it obeys the
    triangle inequality, so leaving stops out of a route never makes it longer;
  - the route cut down to the slotted stops and a few unslotted ones (those costliest to put
    between two slotted stops, where most of the unslotted cost nothing);
  - no times, only the order the slots force: when every slotted stop has one window and none
    may start once the next window has opened, a visit's period (the last slot opened by its
    start; the first before any) never goes back along a route and never skips a slot (that
    slot's stops would start in between), the first visit is in the first period and the last in
    the last. An unslotted stop becomes optional copies, one per period, exactly one used.
CP-SAT solves it; only its proven bound counts (a plan it finds is one of the relaxation)."""
import numpy as np


def closure(matrix):
    """Shortest-path closure of an integer duration matrix (every route present)."""
    if any(d is None for row in matrix for d in row):
        raise ValueError("a route is missing: the closure needs every pair")
    D = np.array(matrix, dtype=np.int64)
    for k in range(len(D)):  # Floyd-Warshall
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


def costliest_unslotted(D, slot, stops, count):
    """The `count` unslotted stops that cost the most at the least to put between two slotted
    stops (or the start) that may follow each other."""
    last = max(slot.values())
    ends = [(None, 0)] + [(slot[u], u) for u in slot]
    pairs = [(a, b) for pa, a in ends for pb, b in ends if a != b
             and ((pa is None and pb == 0) or (pb is None and pa == last) or (pa is not None and pb is not None and allowed(pa, pb)))]
    cost = {u: min(D[a][u] + D[u][b] - D[a][b] for a, b in pairs) for u in stops if u not in slot}
    return sorted(cost, key=lambda u: (-cost[u], u))[:count]


def layered(slot, unslotted, last):
    """Nodes (stop, period) of the relaxation, the start first, and its arcs as index pairs."""
    nodes = [(0, None)] + [(u, slot[u]) for u in sorted(slot)] + [(u, k) for u in unslotted for k in range(last + 1)]
    arcs = []
    for a, (u, pu) in enumerate(nodes):
        for b, (v, pv) in enumerate(nodes):
            if u == v:
                continue
            if v == 0 and pu == last or u == 0 and pv == 0 or u and v and allowed(pu, pv):
                arcs.append((a, b))
    return nodes, arcs


def travel_bound(p, stops, unslotted=4, seconds=300, workers=2):
    """The proven lower bound on the travel of any plan serving every one of `stops`, the best
    round trip of the relaxation found, and CP-SAT's status."""
    from ortools.sat.python import cp_model
    D = closure(p["matrix"])
    slot = periods(p, stops)
    if not slot or set(slot.values()) != set(range(max(slot.values()) + 1)):
        raise ValueError("the windows force no order of the stops")
    last = max(slot.values())
    kept = costliest_unslotted(D, slot, stops, unslotted)
    nodes, arcs = layered(slot, kept, last)
    m = cp_model.CpModel()
    lits = {arc: m.NewBoolVar("") for arc in arcs}
    skipped = {a: m.NewBoolVar("") for a, (u, _) in enumerate(nodes) if u in kept}
    m.AddCircuit([(a, b, lit) for (a, b), lit in lits.items()] + [(a, a, lit) for a, lit in skipped.items()])
    for u in kept:
        m.AddExactlyOne([lit.Not() for a, lit in skipped.items() if nodes[a][0] == u])
    m.Minimize(sum(int(D[nodes[a][0]][nodes[b][0]]) * lit for (a, b), lit in lits.items()))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    status = solver.Solve(m)
    found = solver.ObjectiveValue() if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    return {"bound": solver.BestObjectiveBound(), "found": found, "status": solver.StatusName(status),
            "unslotted": kept, "seconds": round(solver.WallTime(), 1)}


def travel_left(p, stops):
    """The most travel a plan serving every one of `stops` can have: the day less their stays."""
    return p["backBy"] - p["departure"] - sum(p["stays"][u] for u in stops)
