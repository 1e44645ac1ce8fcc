"""What a followed drive's events say against its truth (Scripts/make-drive's), and the sums over
drives: the measures of Scripts/go-bench, kept apart so that test_bench checks them on made-up events."""
import datetime
import json


def parse_time(text):
    text = text.replace("Z", "+00:00")
    return datetime.datetime.fromisoformat(text)


def percentile(values, share):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def fix_of(event, start):
    try:
        return round((parse_time(event["time"]) - start).total_seconds())
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


def eta_seconds(value, start, event_time):
    """eta_next as seconds from the drive's start: an ISO time, epoch seconds or seconds from the event."""
    if isinstance(value, str):
        try:
            return (parse_time(value) - start).total_seconds()
        except ValueError:
            return None
    if isinstance(value, (int, float)):
        if value > 1e9:
            return value - start.timestamp()
        return event_time + value
    return None


def judge(truth, events, status=None, stderr=""):
    """One drive: `events` are routeit go's JSON lines (dicts), `status` and `stderr` its exit."""
    start = parse_time(truth["start"])
    wrong = truth.get("wrong_turn")
    off = [fix_of(e, start) for e in events if e["event"] == "off-route"]
    off = [f for f in off if f is not None]
    out = {"events": len(events), "exit": status,
           "stderr": stderr.strip().splitlines()[-1][:200] if stderr.strip() else None}
    if wrong:
        junction, at = wrong["junction_fix"], wrong["fix_index"]
        out["false_off_route"] = sum(1 for f in off if f < junction)
        after = [f for f in off if f >= junction]
        out["wrong_turn_detected"] = bool(after) and at is not None and after[0] <= at + 3
        out["wrong_turn_fixes"] = (after[0] - at) if after and at is not None else None
        out["wrong_turn_fixes_from_junction"] = (after[0] - junction) if after else None
        reroutes = [e for e in events if e["event"] == "reroute" and (fix_of(e, start) or -1) >= junction]
        out["reroute_latency_ms"] = [e.get("latency_ms") for e in reroutes if isinstance(e.get("latency_ms"), (int, float))]
    else:
        out["false_off_route"] = len(off)
    arrivals, seen = [], set()
    for e in events:
        if e["event"] == "arrive" and json.dumps(e.get("stop")) not in seen:
            seen.add(json.dumps(e.get("stop")))
            arrivals.append(fix_of(e, start))
    out["stops"] = len(truth["stops"])
    out["arrived"] = min(len(arrivals), len(truth["stops"]))
    out["early"] = sum(1 for f, s in zip(arrivals, truth["stops"]) if f is not None and f < s["arrival_fix"])
    out["arrival_delay_s"] = [f - s["arrival_fix"] for f, s in zip(arrivals, truth["stops"]) if f is not None]
    depart = next((e for e in events if e["event"] == "depart"), None)
    if depart and not wrong:
        when = fix_of(depart, start)
        eta = eta_seconds(depart.get("eta_next"), start, when or 0)
        arrival = truth["stops"][0]["arrival_s"]
        leave = max(when or 0, truth.get("leave_s", 0))
        if eta is not None and arrival > leave:
            # What it predicts for the trip from its departure: the ETA's lead over the depart fix.
            out["eta_error"] = round(abs((eta - (when or 0)) - (arrival - leave)) / (arrival - leave), 4)
    if truth.get("gap"):
        g = truth["gap"]
        lost = [fix_of(e, start) for e in events if e["event"] == "fix-lost"]
        out["fix_lost_in_gap"] = any(f is not None and g["first_fix_lost"] <= f <= g["fix_back"] for f in lost)
    out["finished"] = any(e["event"] == "finish" for e in events)
    # A depart only after the lead-in: gpsd dropped all of it (a slow start), the figures still count.
    out["departed_fix"] = fix_of(depart, start) if depart else None
    return out


def summarize(results):
    ok = [r for r in results if "error" not in r]
    wrong = [r for r in ok if r.get("wrong_turn")]
    latencies = [x for r in wrong for x in r.get("reroute_latency_ms", [])]
    etas = [r["eta_error"] for r in ok if "eta_error" in r]
    gaps = [r for r in ok if r.get("gap")]
    delays = [d for r in ok for d in r.get("arrival_delay_s", [])]
    return {
        "drives": len(results), "errors": len(results) - len(ok),
        "error_examples": sorted({r["error"] for r in results if "error" in r})[:3],
        "false_off_route": sum(r["false_off_route"] for r in ok),
        "false_off_route_sigma10": sum(r["false_off_route"] for r in ok if r["sigma"] == 10.0),
        "wrong_turns": len(wrong), "wrong_turns_detected": sum(1 for r in wrong if r.get("wrong_turn_detected")),
        "wrong_turn_detected_share": round(sum(1 for r in wrong if r.get("wrong_turn_detected")) / len(wrong), 4) if wrong else None,
        "wrong_turn_fixes_max": max((r["wrong_turn_fixes"] for r in wrong if r.get("wrong_turn_fixes") is not None), default=None),
        "wrong_turn_fixes_from_junction_p50": percentile([r["wrong_turn_fixes_from_junction"] for r in wrong
                                                          if r.get("wrong_turn_fixes_from_junction") is not None], 0.5),
        "reroutes": len(latencies),
        "reroute_latency_ms": {"p50": percentile(latencies, 0.5), "p95": percentile(latencies, 0.95), "max": max(latencies, default=None)},
        "stops": sum(r["stops"] for r in ok), "arrived": sum(r["arrived"] for r in ok),
        "early": sum(r["early"] for r in ok),
        "arrival_delay_s": {"p50": percentile(delays, 0.5), "max": max(delays, default=None)},
        "eta_drives": len(etas), "eta_within_10pct": sum(1 for e in etas if e <= 0.10),
        "eta_within_10pct_share": round(sum(1 for e in etas if e <= 0.10) / len(etas), 4) if etas else None,
        "eta_error_p95": percentile(etas, 0.95),
        "gaps": len(gaps), "gaps_with_fix_lost": sum(1 for r in gaps if r.get("fix_lost_in_gap")),
        "finished": sum(1 for r in ok if r.get("finished")),
    }


def headline(out):
    """The figures the goals of #29 read, over every dataset and mode measured."""
    modes = [(name, mode, s) for name, d in out["datasets"].items() if "error" not in d for mode, s in d.items()]
    real = [s for _, _, s in modes]
    wrong = sum(s["wrong_turns"] for s in real)
    stops = sum(s["stops"] for s in real)
    etas = sum(s["eta_drives"] for s in real)
    return {
        "drives": sum(s["drives"] for s in real), "errors": sum(s["errors"] for _, _, s in modes),
        "false_off_route": sum(s["false_off_route"] for s in real) if real else None,
        "wrong_turn_detected_share": round(sum(s["wrong_turns_detected"] for s in real) / wrong, 4) if wrong else None,
        "reroute_p95_ms_helsinki": percentile([x for r in sum((s["drive_results"] for n, _, s in modes if n == "helsinki"), [])
                                               for x in r.get("reroute_latency_ms", [])], 0.95),
        "reroute_p95_ms_grid_1m": percentile([x for r in sum((s["drive_results"] for n, _, s in modes if n == "grid_1m"), [])
                                              for x in r.get("reroute_latency_ms", [])], 0.95),
        "arrived_share": round(sum(s["arrived"] for s in real) / stops, 4) if stops else None,
        "early": sum(s["early"] for s in real) if real else None,
        "eta_within_10pct_share": round(sum(s["eta_within_10pct"] for s in real) / etas, 4) if etas else None,
        "cpu_pct_of_core": out.get("cpu", {}).get("cpu_pct_of_core"),
        "rss_growth_mb": out.get("rss", {}).get("rss_growth_mb"),
    }
