"""Checks of the goals and the page on a made-up run (no engines):
    python3 -m unittest discover -s Scripts/benchlib -t Scripts"""
import importlib.util
import unittest

import json
import os
import tempfile
from unittest import mock

from benchlib import drives, goals, optimize, planner, report, union_bound


def latency(p50, p99):
    return {"p50": p50, "p95": p99, "p99": p99, "count": 10}


def run():
    q = {"pairs": 100, "only_osrm": 0, "only_routeit": 0, "same_path": 90, "names_agree": 80, "name_agreement": 80 / 90,
         "routeit_steps": {"u_turns": 0, "forks": 5, "roundabouts": 0, "unnamed_turn_share": 0.1},
         "osrm_steps": {"u_turns": 0, "forks": 4, "roundabouts": 0, "unnamed_turn_share": 0.1},
         "forks_matched": 4, "osrm_forks_on_same_path": 4, "fork_recall": 1.0, "median_duration_difference": 0.01,
         "routeit_alternatives": {"per_query": 0.3, "median_slowdown": 0.05},
         "osrm_alternatives": {"per_query": 0.2, "median_slowdown": 0.03}}
    d = {"source_mb": 0.7, "osrm_extract_s": 1.0, "osrm_contract_s": 0.5, "osrm_preprocess_s": 1.5,
         "osrm_extract_rss_mb": 60.0, "osrm_contract_rss_mb": 40.0, "routeit_import_s": 0.9, "routeit_import_rss_mb": 30.0,
         "routeit_map_mb": 2.0, "osrm_files_mb": 1.0,
         "routes": {"pairs": 100, "candidates": 120, "inprocess_ms": latency(0.3, 1.0), "osrm_http_ms": latency(1.5, 3.0),
                    "duration_rel_diff": {"median": 0.01, "p95": 0.2}, "distance_rel_diff": {"median": 0.01, "p95": 0.2}},
         "scale": {"routeit_cold_ms": 8.0, "curl_ms": 10.0, "routeit_cold_rss_mb": 18.0, "osrm_request_ms_p50": 1.0},
         "quality": {"car": q, "bike": dict(q, routeit_steps=dict(q["routeit_steps"], u_turns=0),
                                             osrm_steps=dict(q["osrm_steps"], u_turns=3))}}
    grid = {k: v for k, v in d.items() if k != "quality"}
    big = dict(grid, scale=dict(grid["scale"], routeit_cold_ms=16.0))
    return {"command": "Scripts/bench --test", "commit": {"hash": "abc", "uncommitted_changes": False},
            "machine": {"nproc": 2, "cpu": "CPU", "memory_gb": 24, "kernel": "6", "date": "2026-01-01 00:00 UTC"},
            "load_start": 1, "load_end": 1, "total_s": 1, "peers": {"osrm": {"version": "v26.10.0"},
                                                                  "valhalla": {"error": "no Python 3.12 found"}},
            "datasets": {"helsinki": d, "grid_10k": grid, "grid_100k": big}}


class GoalsTest(unittest.TestCase):
    def setUp(self):
        self.results = run()
        self.rows = {(r["goal"], r["dataset"]): r for r in goals.evaluate(self.results)}

    def test_every_goal_of_the_file_is_well_formed(self):
        for g in goals.load():
            self.assertIn("goal", g)
            self.assertTrue(("max" in g) != ("min" in g), g["goal"])

    def test_ratio_against_another_dataset_reads_the_largest_grid(self):
        r = self.rows[("cold `routeit route` on the largest grid ≤ 1.5× Helsinki's", "grid_100k")]
        self.assertEqual(r["value"], 2.0)
        self.assertFalse(r["pass"])

    def test_uturns_within_20_percent_of_zero_vs_some_misses_and_zero_vs_zero_passes(self):
        self.assertFalse(self.rows[("U-turn steps within ±20% of OSRM's", "helsinki bike")]["pass"])
        self.assertTrue(self.rows[("U-turn steps within ±20% of OSRM's", "helsinki car")]["pass"])

    def test_at_least_goals_and_shown_counts(self):
        r = self.rows[("street-name sequence agreement ≥ 80% (same path)", "helsinki car")]
        self.assertTrue(r["pass"])
        self.assertEqual(r["measured"], "80 of 90")

    def test_goals_of_figures_not_measured_are_left_out(self):
        self.assertNotIn(("geocode forward p50 < 1 ms", "helsinki"), self.rows)


class OptimizeTest(unittest.TestCase):
    def test_the_place_missing_most_routes_is_left_out_first(self):
        # Places 1 and 3 miss two routes each: 3 (the later of a tie) goes first; then 1 and 2
        # miss one each (2 to 1) and 2 goes; 0 and 1 are left, joined both ways.
        none = None
        durations = [[0, 5, 5, 5],
                     [5, 0, 5, 5],
                     [5, none, 0, 5],
                     [none, none, 5, 0]]
        self.assertEqual(optimize.connected(durations, 2), [0, 1])
        self.assertIsNone(optimize.connected(durations, 3))

    def test_the_optimize_goal_reads_the_measured_median(self):
        results = run()
        results["datasets"]["helsinki"]["optimize"] = {"stops": 12, "routeit_cold_ms": 61.0}
        rows = {(r["goal"], r["dataset"]): r for r in goals.evaluate(results)}
        row = rows[("cold `routeit route --optimize` of 12 stops ≤ 50 ms", "helsinki")]
        self.assertFalse(row["pass"])
        self.assertEqual(row["measured"], "61.0 ms")

    def test_the_json_goals_read_each_option_set_on_helsinki_and_the_1m_grid(self):
        results = run()
        json_scale = {"json_default": {"routeit_cold_ms": 7.0, "curl_ms": 8.0},
                      "json_full": {"routeit_cold_ms": 9.0, "curl_ms": 8.0}}
        results["datasets"]["helsinki"]["scale"].update(json_scale)
        results["datasets"]["grid_1m"] = dict(results["datasets"]["grid_10k"], scale=dict(json_scale))
        rows = {(r["goal"], r["dataset"]): r for r in goals.evaluate(results)}
        default = "cold `routeit route --json` ≤ 1.0× curl to a warm OSRM (OSRM's defaults)"
        full = "cold `routeit route --json --steps --overview full --geometries geojson` ≤ 1.0× curl (the same options)"
        for dataset in ("helsinki", "grid_1m"):
            self.assertTrue(rows[(default, dataset)]["pass"])
            self.assertFalse(rows[(full, dataset)]["pass"])
            self.assertEqual(rows[(full, dataset)]["measured"], "9.0 vs 8.0 ms")
        self.assertNotIn((default, "grid_10k"), rows)
        results["goals"] = goals.evaluate(results)
        page = report.page(results)
        self.assertIn("| cold one-shot `routeit route --json`, ms (curl with the same options) | 7.0 | 8.0 | 0.88 |", page)
        self.assertIn("grid_1m: a whole cold `routeit route` against curl to the warm osrm-routed with the same options: "
                      "`--json` 7.0 vs 8.0 ms (0.88×); `--json --steps --overview full --geometries geojson` 9.0 vs 8.0 ms "
                      "(1.12×).", page)


def go_run():
    """A made-up Scripts/go-bench --json: one mode measured, CPU and RSS."""
    mode = {"drives": 4, "errors": 0, "false_off_route": 1, "wrong_turns": 2, "wrong_turns_detected": 2,
            "reroute_latency_ms": {"p50": 3.0, "p95": 7.5}, "stops": 4, "arrived": 4, "early": 0,
            "eta_within_10pct": 2, "eta_drives": 2}
    return {"cycle": 0.002, "datasets": {"helsinki": {"car": mode}, "monaco": {"error": "no map"}},
            "cpu": {"cpu_pct_of_core": 0.4, "seconds": 90.0},
            "rss": {"hours": 3.0, "rss_mb_at_10pct": 30.0, "rss_mb_end": 31.0, "rss_mb_max": 31.5, "stops": 9, "fixes": 10800},
            "goals": {"false_off_route": 1, "wrong_turn_detected_share": 1.0, "reroute_p95_ms_helsinki": 7.5,
                      "reroute_p95_ms_grid_1m": None, "arrived_share": 1.0, "early": 0, "eta_within_10pct_share": 1.0,
                      "cpu_pct_of_core": 0.4, "rss_growth_mb": 1.0}}


class GoTest(unittest.TestCase):
    def test_go_goals_read_go_bench_figures_and_leave_out_the_unmeasured_grid(self):
        results = dict(run(), go=go_run())
        rows = {(r["goal"], r["dataset"]): r for r in goals.evaluate(results)}
        self.assertFalse(rows[("go: 0 false off-route on noisy on-route drives (σ 5 m, 10 m on two)", "drives")]["pass"])
        self.assertTrue(rows[("go: new instruction ≤ 50 ms after the off-route fix (p95)", "helsinki")]["pass"])
        self.assertNotIn(("go: new instruction ≤ 50 ms after the off-route fix (p95)", "grid_1m"), rows)
        self.assertEqual(rows[("go: memory flat over a 3-hour replay (RSS growth ≤ 5 MB)", "helsinki")]["measured"], "+1.0 MB")

    def test_go_section_says_each_mode_and_what_was_not_measured(self):
        results = dict(run(), go=go_run())
        results["goals"] = goals.evaluate(results)
        page = report.page(results)
        self.assertIn("## Following a trip: `routeit go` fed by gpsd", page)
        self.assertIn("| helsinki car | 4 (0 errors) | 1 | 2 / 2 | 3.0 / 7.5 | 4 / 4 (0 early) | 2 / 2 |", page)
        self.assertIn("| monaco | not measured: no map |", page)
        self.assertIn("0.400 % of one core", page)


def truth(**extra):
    """A made-up make-drive truth: start at 09:00:00, the stop reached at fix 100."""
    return dict({"start": "2026-12-03T09:00:00Z", "leave_s": 10, "stops": [{"arrival_fix": 100, "arrival_s": 99.5}]}, **extra)


def event(name, second, **fields):
    return dict({"event": name, "time": "2026-12-03T09:%02d:%02dZ" % divmod(second, 60)}, **fields)


class DrivesTest(unittest.TestCase):
    def test_an_off_route_before_the_junction_is_false_and_the_wrong_turn_is_counted_from_the_30_m_fix(self):
        wrong = truth(wrong_turn={"junction_fix": 50, "fix_index": 55})
        events = [event("depart", 2, eta_next="2026-12-03T09:01:40Z"), event("off-route", 40), event("off-route", 58),
                  event("reroute", 58, latency_ms=1.5), event("arrive", 100, stop=1)]
        out = drives.judge(wrong, events, 0)
        self.assertEqual(out["false_off_route"], 1)
        self.assertTrue(out["wrong_turn_detected"])
        self.assertEqual((out["wrong_turn_fixes"], out["wrong_turn_fixes_from_junction"]), (3, 8))
        self.assertEqual(out["reroute_latency_ms"], [1.5])
        late = drives.judge(wrong, [event("off-route", 59)], 0)
        self.assertFalse(late["wrong_turn_detected"])

    def test_an_arrival_before_the_simulated_one_is_early_and_the_eta_counts_from_leaving(self):
        events = [event("depart", 2, eta_next="2026-12-03T09:01:32Z"), event("arrive", 98, stop=1), event("arrive", 99, stop=1)]
        out = drives.judge(truth(), events, 0)
        self.assertEqual((out["arrived"], out["early"], out["arrival_delay_s"]), (1, 1, [-2]))
        # It predicted 90 s from the depart fix; the drive took 89.5 s from leaving at 10 s.
        self.assertAlmostEqual(out["eta_error"], abs(90 - 89.5) / 89.5, places=3)
        self.assertEqual(drives.judge(truth(), [event("off-route", 30)], 0)["false_off_route"], 1)


class PageTest(unittest.TestCase):
    def test_page_names_the_run_the_peers_and_the_data(self):
        results = run()
        results["goals"] = goals.evaluate(results)
        page = report.page(results)
        self.assertIn("© OpenStreetMap contributors", page)
        self.assertIn("`Scripts/bench --test`", page)
        self.assertIn("Valhalla: **not run** — no Python 3.12 found", page)
        self.assertLess(len(page.encode()), 40_000)


class CountryTest(unittest.TestCase):
    @staticmethod
    def country():
        def size(n, street_ms, right):
            return {"towns": n, "nodes": 24000 * n, "import_s": 0.9 * n, "import_rss_mb": 40.0, "map_mb": 3.6 * n,
                    "bytes_per_node": 150.0,
                    "classes": {"STREET N": {"wall_ms": street_ms, "cpu_ms": 5.0, "blocks": 100, "right_town": None, "sampled": None},
                                "POI, TOWN": {"wall_ms": 10.0, "cpu_ms": 5.0, "blocks": 100, "right_town": right, "sampled": 200,
                                              "ratio_to_n1": 1.0}}}
        n500 = size(500, 18.0, 199)
        n500["classes"]["STREET N"]["ratio_to_n1"] = 1.8
        n500.update(worst_ratio_to_n1=1.8, worst_cold_ms=18.0)
        return {"n1": size(1, 10.0, 200), "n500": n500, "right_town_min": 199 / 200}

    def test_the_country_goals_read_n500_and_the_lowest_right_town_share(self):
        results = dict(run(), country=self.country())
        rows = {r["goal"]: r for r in goals.evaluate(results) if r["dataset"] == "country"}
        self.assertFalse(rows["country N=500: cold geocode of every class ≤ 1.5× N=1"]["pass"])
        self.assertTrue(rows["country N=500: cold geocode of every class ≤ 20 ms"]["pass"])
        self.assertFalse(rows["country (--country): right town first in every class and size, 100%"]["pass"])
        self.assertFalse(rows["country N=500: map ≤ 140 bytes per node"]["pass"])
        self.assertEqual(rows["country N=500: import ≤ 300 s"]["measured"], "450 s")

    def test_the_country_section_has_a_column_per_size_and_is_absent_without_a_run(self):
        results = dict(run(), country=self.country())
        section = "\n".join(report.country_section(results))
        self.assertIn("| N towns | 1 | 500 |", section)
        self.assertIn('| cold "STREET N" | 10.0 ms | 18.0 ms (1.80×) |', section)
        self.assertIn("199/200", section)
        self.assertEqual(report.country_section(run()), [])
        self.assertNotIn("country", " ".join(r["dataset"] for r in goals.evaluate(run())))


if __name__ == "__main__":
    unittest.main()


class PlannerTest(unittest.TestCase):
    def test_small_sizes_run_ortools_10_s_only_and_the_rows_come_back_by_kind_then_size(self):
        calls = []
        with tempfile.TemporaryDirectory() as work:
            results = os.path.join(work, "results.json")

            def fake_run(cmd, timeout=None):
                calls.append(cmd[1:])
                if cmd[1] == "run":
                    sizes = cmd[cmd.index("--sizes") + 1].split(",")
                    with open(results, "w") as f:
                        json.dump([{"instance": "%s-%s" % (k, n), "stops": int(n), "solvers": []}
                                   for k in ("plain", "delivery", "hours") for n in sizes], f)
                return ""

            with mock.patch.object(planner, "run", fake_run), mock.patch.object(planner, "RESULTS", results):
                measured = planner.measure(["25", "200", "100"])
        runs = [c for c in calls if c[0] == "run"]
        self.assertEqual(runs, [["run", "--sizes", "25,100", "--ortools", "10"], ["run", "--sizes", "200"]])
        self.assertEqual([i["instance"] for i in measured["instances"]],
                         ["plain-25", "plain-100", "plain-200", "hours-25", "hours-100", "hours-200",
                          "delivery-25", "delivery-100", "delivery-200"])

    def test_a_union_that_does_not_fit_is_said_with_how_many_routeit_keeps(self):
        inst = {"instance": "delivery-200", "stops": 200, "servedByAny": 198, "routeitMisses": [28, 31, 122],
                "unionKept": 195, "solvers": []}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("(misses 28, 31, 122). Told to keep all 198, RouteIt (each of them high priority) keeps 195: "
                      "the union does not fit in one day, as far as they tell.", page)

    def test_a_union_neither_routeit_nor_forced_ortools_fits_says_what_routeits_set_covers(self):
        solvers = [{"solver": "routeit", "served": 195, "travel": 7847, "seconds": 1.0},
                   {"solver": "vroom-x5", "served": 193, "travel": 7842, "seconds": 26.5}]
        inst = {"instance": "delivery-200", "stops": 200, "servedByAny": 198, "routeitMisses": [2, 28, 31],
                "unionKept": 196, "unionForced": {"solver": "ortools-60s-forced", "seconds": 60, "served": None},
                "routeitCovers": ["vroom-x1"], "routeitServesMost": True, "solvers": solvers}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("Told to keep all 198, RouteIt (each of them high priority) keeps 196 and OR-Tools (none "
                      "droppable, 60 s) finds no plan: the union does not fit in one day, as far as they tell. "
                      "RouteIt serves the most stops of any solver (195); every stop of VROOM x1 too.", page)

    def test_a_union_proven_not_to_fit_says_the_bound(self):
        inst = {"instance": "delivery-200", "stops": 200, "servedByAny": 198, "routeitMisses": [28, 31], "unionKept": 196,
                "unionForced": {"solver": "ortools-60s-forced", "seconds": 60, "served": None},
                "unionBound": {"bound": 7634.0, "travelLeft": 7560, "fits": False, "status": "OPTIMAL"},
                "routeitCovers": ["vroom-x5"], "routeitServesMost": True, "solvers": []}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("the union does not fit in one day, proven: any plan serving all 198 travels at least 7634 s (a "
                      "CP-SAT bound on a relaxation, `Scripts/bench-planner bound`), and their stays leave 7560 s of "
                      "the day. RouteIt serves the most stops", page)
        inst["unionBound"] = {"bound": 7500.0, "travelLeft": 7560, "fits": None, "status": "FEASIBLE"}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("does not fit in one day, as far as they tell", page)

    def test_a_union_forced_ortools_serves_whole_fits(self):
        inst = {"instance": "delivery-200", "stops": 200, "servedByAny": 198, "routeitMisses": [2],
                "unionKept": 197, "unionForced": {"solver": "ortools-60s-forced", "seconds": 60, "served": 198},
                "routeitCovers": [], "routeitServesMost": True, "solvers": []}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("OR-Tools (none droppable, 60 s) serves 198: the union fits in one day.", page)
        self.assertNotIn("serves the most", page)

    def test_a_forced_ortools_that_gives_up_at_once_is_said_to_have_given_up(self):
        inst = {"instance": "delivery-200", "stops": 200, "servedByAny": 198, "routeitMisses": [2], "unionKept": 196,
                "unionForced": {"solver": "ortools-60s-forced", "seconds": 60, "served": None, "elapsed": 1.247},
                "routeitCovers": [], "routeitServesMost": True, "solvers": []}
        page = "\n".join(report.planner_section(dict(run(), planner={"instances": [inst]})))
        self.assertIn("OR-Tools (none droppable, 60 s) finds no first plan (it gives up after 1.2 s): the union does "
                      "not fit in one day, as far as they tell. RouteIt serves the most stops of any solver; no other "
                      "solver's whole set.", page)


def slotted_day(legs):
    """A depot and two stops in back-to-back slots (stays of 10 s, a day of 200 s)."""
    return {"matrix": legs, "departure": 0, "backBy": 200, "stays": [0, 10, 10], "windows": [[], [[0, 100]], [[100, 200]]]}


class UnionBoundTest(unittest.TestCase):
    def test_the_closure_goes_through_a_leg_of_zero_seconds(self):
        # 0 -> 1 costs nothing and 1 -> 2 three seconds: the closure's 0 -> 2 is 3, not 10.
        D = union_bound.closure([[0, 0, 10], [10, 0, 3], [10, 10, 0]])
        self.assertEqual(D[0][2], 3)
        self.assertEqual(D[2][1], 10)

    def test_slots_force_an_order_unless_a_stop_may_start_once_the_next_has_opened(self):
        p = slotted_day([[0] * 3] * 3)
        self.assertEqual(union_bound.periods(p, [1, 2]), {1: 0, 2: 1})
        p["windows"][1] = [[0, 105]]  # stop 1 may start at 95, before 2's slot opens: still ordered
        self.assertEqual(union_bound.periods(p, [1, 2]), {1: 0, 2: 1})
        p["windows"][1] = [[0, 150]]
        self.assertIsNone(union_bound.periods(p, [1, 2]))
        p["windows"][1] = [[0, 50], [60, 100]]
        self.assertIsNone(union_bound.periods(p, [1, 2]))

    def test_arcs_never_skip_a_period_and_an_unslotted_stop_has_a_copy_per_period(self):
        nodes, arcs = union_bound.layered({1: 0, 2: 1, 3: 2}, [4], 2)
        named = {(nodes[a], nodes[b]) for a, b in arcs}
        self.assertIn(((0, None), (1, 0)), named)
        self.assertIn(((0, None), (4, 0)), named)
        self.assertIn(((3, 2), (0, None)), named)
        self.assertIn(((4, 2), (0, None)), named)
        self.assertIn(((1, 0), (4, 1)), named)
        self.assertNotIn(((1, 0), (3, 2)), named)  # slot 1 would be skipped
        self.assertNotIn(((0, None), (2, 1)), named)
        self.assertNotIn(((4, 0), (4, 1)), named)  # one copy only
        self.assertNotIn(((2, 1), (1, 0)), named)

    @unittest.skipUnless(importlib.util.find_spec("ortools"), "OR-Tools lives in the planner venv")
    def test_a_round_trip_longer_than_the_day_leaves_is_proven_not_to_fit(self):
        # 60 + 70 + 60 s of travel and 20 s of stays in a 200 s day: 10 s too many.
        p = slotted_day([[0, 60, 60], [60, 0, 70], [60, 70, 0]])
        out = union_bound.travel_bound(p, {1, 2}, unslotted=0, seconds=10)
        self.assertEqual(out["bound"], 190)
        self.assertEqual(union_bound.travel_left(p, {1, 2}), 180)

    @unittest.skipUnless(importlib.util.find_spec("ortools"), "OR-Tools lives in the planner venv")
    def test_the_bound_of_plans_serving_all_but_some_is_never_above_the_best_such_plan(self):
        # Random matrices (no triangle inequality), two slots and three unslotted stops: whatever
        # the stops a plan drops, its travel is at least the bound.
        import random
        for seed in range(4):
            rng = random.Random(seed)
            p = cluster_day(7, [[0 if a == b else rng.randint(5, 60) for b in range(7)] for a in range(7)], 1000)
            for serving in (5, 6):
                best = brute_force_travel(p, serving)
                out = union_bound.serving_bound(p, set(range(1, 7)), serving, split=[6], unslotted=1, seconds=10)
                self.assertIsNotNone(best)
                self.assertLessEqual(out["bound"], best, f"seed {seed}, serving {serving}")

    @unittest.skipUnless(importlib.util.find_spec("ortools"), "OR-Tools lives in the planner venv")
    def test_a_far_cluster_proves_no_plan_serves_one_stop_more(self):
        # Five stops 10 s apart, and a cluster of three 80 s from them (one in each slot, one
        # unslotted): the five fit in the day, a sixth costs an outing of 150 s more than it leaves.
        near, far = 10, 80
        legs = [[0 if a == b else (2 if a > 5 and b > 5 else far if (a > 5) != (b > 5) else near) for b in range(9)]
                for a in range(9)]
        p = cluster_day(9, legs, 250)
        self.assertIsNotNone(brute_force_travel(p, 5))
        self.assertIsNone(brute_force_travel(p, 6))
        stops = set(range(1, 9))
        out = union_bound.serving_bound(p, stops, 6, split=[6, 7, 8], unslotted=3, seconds=10)
        self.assertGreater(out["bound"], union_bound.travel_left(p, stops, 2))
        self.assertEqual(len(out["cases"]), 7)  # 6, 7 or 8 served, or two of them, or all three
        fits = union_bound.serving_bound(p, stops, 5, split=[6, 7, 8], unslotted=3, seconds=10)
        self.assertLessEqual(fits["bound"], union_bound.travel_left(p, stops, 3))

    def test_a_period_is_skipped_only_when_every_stop_of_it_may_be_dropped(self):
        nodes, arcs = union_bound.layered({1: 0, 2: 1, 3: 2}, [], 2, drops=1)
        named = {(nodes[a], nodes[b]): over for (a, b), over in arcs.items()}
        self.assertEqual(named[((1, 0), (3, 2))], [2])
        self.assertEqual(named[((0, None), (2, 1))], [1])
        self.assertEqual(named[((2, 1), (0, None))], [3])
        self.assertNotIn(((0, None), (3, 2)), named)  # periods 0 and 1: two stops, one drop
        self.assertNotIn(((1, 0), (0, None)), named)


def cluster_day(n, legs, day):
    """A depot and n - 1 stops with stays of 10 s in a day of `day` s: 1 and 7 in the first slot,
    2 and 8 in the second, the rest unslotted."""
    half = day // 2
    windows = [[] for _ in range(n)]
    for u, span in ((1, [0, half]), (2, [half, day]), (7, [0, half]), (8, [half, day])):
        if u < n:
            windows[u] = [span]
    return {"matrix": legs, "departure": 0, "backBy": day, "stays": [0] + [10] * (n - 1), "windows": windows}


def brute_force_travel(p, serving):
    """The least travel of a plan serving at least `serving` stops, by trying every order of every
    such set (the bench's rules: a stay within its window, waiting allowed, back by the end of the
    day); None when there is none."""
    from itertools import combinations, permutations
    n, best = len(p["matrix"]), None
    for count in range(serving, n):
        for chosen in combinations(range(1, n), count):
            for order in permutations(chosen):
                clock, travel, here = p["departure"], 0, 0
                for u in order:
                    arrival = clock + p["matrix"][here][u]
                    spans = sorted((a, b - p["stays"][u]) for a, b in p["windows"][u])
                    start = next((max(arrival, a) for a, b in spans if arrival <= b), None) if spans else arrival
                    if start is None:
                        break
                    travel, clock, here = travel + p["matrix"][here][u], start + p["stays"][u], u
                else:
                    if clock + p["matrix"][here][0] <= p["backBy"]:
                        total = travel + p["matrix"][here][0]
                        best = total if best is None else min(best, total)
    return best
