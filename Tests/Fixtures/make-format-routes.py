#!/usr/bin/env python3
"""Writes format-routes.json: seeded random pairs on the Helsinki and Monaco extracts with the
car and walking routes a given `routeit` binary answers (duration s, distance m, to 0.1).
First made with the binary of commit f35d725 (map schema 4, graph in SQLite BLOBs): the
memory-mapped format (schema 5, commit 74d32b4) answered all 240 pairs the same. Issue 11 then
changed the answers on purpose (snapping falls back to the connected network), so the file was
made again with the binary of the commit that adds this note; it now holds any later change of
the map format to today's answers. Issue 13 (bicycles) made it again: bicycle-only ways
(cycleways, platforms) now join the network and split car roads where they meet them, which moves
a car turn's measured heading a little (12 Helsinki car durations by 0.1-0.6 s, no distance). Walkers
waiting 2 s at traffic signals (foot.lua's traffic_signal_penalty) made it again: only walking
answers changed (41 Helsinki, 24 of them by a different path beside the signalled street, 12 Monaco
durations); the car answers stayed equal. Issue 11's car guidance made it again: both directions of
a two-way road now count as one piece of the network, as OSRM's components do, so a point beside a
two-way street that leads only into a one-way dead end is routed from that street instead of moving
to another one (5 Helsinki car answers; no walking one). Walking steps at foot.lua's
full 5 km/h (was 2.5) made it again: 63 walking answers changed (10 Helsinki, 53 Monaco; 36 of them by
distance, so by path); every car answer stayed equal. Walking gravel, fine gravel and pebblestone at
3.75 km/h and sand and mud at 2.5 (foot.lua's surface_speeds) made it again: 9 Helsinki walking answers
changed (7 by distance), no Monaco or car one. Walking segments timed as OSRM times them (whole
deciseconds on its grid and latitude bands, `SegmentLength`) made it again: 117 walking answers changed
(7 by distance, so by path: 6 Helsinki, 1 Monaco), the others by tenths of a second; no car one.
Walkers on `highway=platform` (tram and bus stop platforms, as foot.lua) made it again: 14 Helsinki
walking answers changed, all by path; no Monaco or car one. Issue 27 first made it again with no U-turn
at the end of a way cut by the extract's edge (4 Helsinki car trips then had no route); turning round
there is now charged instead, taken only where the map has no other way, and the file is again the
one before issue 27 (byte for byte): no route used such a turn as a shortcut. Issue 31 made it again:
cars and walkers take ferries as car.lua and foot.lua do (route=ferry, 5 km/h or its `duration`), so 13
Monaco walking answers cross the port on the Bateau Bus (all by path), and one Monaco car answer moved
by 0.1 m; no Helsinki answer changed. Issue 31's car profile (car.lua ported handler by handler:
maxspeed replaces the class speed as 0.8 of the posted limit, per direction, with maxspeed:advisory;
surface, tracktype and smoothness caps; access and oneway per direction; physical limits) made it
again: 42 car answers changed (41 Helsinki, 1 Monaco), 2 of them by path; no walking one. On the 40
Helsinki car pairs OSRM 26.10 routes, the mean gap to OSRM's duration fell from 10.2 s to 8.3 s.
Then driving timed per segment in whole deciseconds as OSRM times it, each direction at its own
speed, a duration shared evenly by a ferry's segments, and boarding or leaving a ferry charged as a
turn (car.lua's mode change) made it again: 103 car answers changed by tenths of a second (51 Helsinki,
52 Monaco), 2 Helsinki ones by path (one now 4 m from OSRM's); no walking one. Nodes walkers and
cyclists cannot pass (foot.lua's and bicycle.lua's barriers: barrier=yes|wall|fence, foot=no, ...)
made it again: 3 Helsinki walks go round them (one now OSRM's 710.5 s to the tenth); no car one.
Pieces measured as OSRM measures them (a road's stretches merged where only footways cross it) made
it again: Helsinki's car pieces are all small, as in OSRM (biggest 629 of OSRM's nodes; OSRM's own
696), so ends snap to their nearest roads: 12 Helsinki car answers changed, every one now within
2 s of OSRM's duration (they were 1-62 s off); no walking or Monaco one.
Every segment measured as OSRM measures it (WGS84 flat-earth, `SegmentLength`), for the distance
a route reports and for car and bicycle times, made it again: every distance grew by 0.1-0.4 % (no
path changed: none by more than that), 107 car durations by tenths of a second; no walking duration.
On 300 random car trips against osrm-routed the median distance gap fell from 0.27 % to 0.005 %
(Helsinki) and from 0.11 % to 0.002 % (Monaco).
A turn's duration cut to whole deciseconds, as OSRM stores it (`numeric_cast` of duration * 10 in
edge_based_graph_factory.cpp), made it again: 117 car durations by 0.1-2.7 s (60 Helsinki, 57
Monaco), no distance and no walking answer.
Turning from one carriageway of a merged road into the other charged as OSRM's U-turn (27.4 s; a
turn of 0° once `MergableRoadDetector` gives the two one heading), and turning back along another
way drawn over the same nodes too, made it again: 4 Monaco car answers (1 by path, now OSRM's),
each now nearer OSRM's duration (265.6 -> 292.0 s, OSRM 300.0; 225.8 -> 243.4, OSRM 253.5; 193.8 ->
220.2, OSRM 224.5; 398.5 -> 424.9, OSRM 438.0); no Helsinki or walking answer.

    make-format-routes.py ROUTEIT_BIN OSM_DIR OUT.json
"""
import json, os, random, subprocess, sys, tempfile

binary, osm_dir, out = sys.argv[1:4]
boxes = {"Helsinki": (60.164, 24.935, 60.179, 24.953), "monaco": (43.727, 7.410, 43.750, 7.440)}
rng = random.Random(20261203)
result = []
with tempfile.TemporaryDirectory() as tmp:
    for name, (s, w, n, e) in boxes.items():
        map_path = os.path.join(tmp, name + ".routeit")
        subprocess.run([binary, "import", os.path.join(osm_dir, name + ".osm.pbf"), "-o", map_path],
                       check=True, capture_output=True)
        for mode in ("car", "walk"):
            for _ in range(60):
                a = (round(rng.uniform(s, n), 6), round(rng.uniform(w, e), 6))
                b = (round(rng.uniform(s, n), 6), round(rng.uniform(w, e), 6))
                p = subprocess.run([binary, "route", "%f,%f" % a, "%f,%f" % b, "--mode", mode, "--json",
                                    "--map", map_path], capture_output=True, text=True)
                entry = {"map": name, "mode": mode, "from": a, "to": b}
                if p.returncode == 0:
                    route = json.loads(p.stdout)["routes"][0]
                    entry.update(duration=round(route["duration"], 1), distance=round(route["distance"], 1))
                else:
                    entry["error"] = p.stderr.strip()
                result.append(entry)
with open(out, "w") as f:
    json.dump(result, f, indent=0)
    f.write("\n")
