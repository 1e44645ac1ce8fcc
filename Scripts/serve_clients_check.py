"""routingpy and geopy against `routeit serve`, compared with routeit's own one-shot tools.

Run by Scripts/serve-clients (which makes the venv): python serve_clients_check.py ROUTEIT MAP.
Prints one line per check and exits 1 when any answer differs."""
import json
import subprocess
import sys

from geopy.geocoders import Nominatim
from routingpy import OSRM

from serve_check_common import check, finish, served

routeit, map_path = sys.argv[1], sys.argv[2]
STATION, ANNANKATU, KALEVANKATU = (24.9414, 60.1710), (24.93714, 60.16563), (24.93889, 60.16698)


def tool(*args):
    out = subprocess.run([routeit, *args, "--json", "--map", map_path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def latlon(p):
    return "%s,%s" % (p[1], p[0])


with served(routeit, map_path) as port:
    base = "http://127.0.0.1:%d" % port

    osrm = OSRM(base_url=base)
    for profile, mode in [("driving", "car"), ("foot", "walk"), ("bike", "bike")]:
        for a, b in [(STATION, KALEVANKATU), (ANNANKATU, STATION)]:
            served = osrm.directions(locations=[list(a), list(b)], profile=profile, geometries="geojson", overview="full")
            own = tool("route", latlon(a), latlon(b), "--mode", mode, "--overview", "full", "--geometries", "geojson")["routes"][0]
            # routingpy keeps whole metres and seconds (int()).
            same = (served.distance == int(own["distance"]) and served.duration == int(own["duration"])
                    and [list(p) for p in served.geometry] == own["geometry"]["coordinates"])
            check("routingpy directions %s %s->%s" % (profile, a, b), same,
                  "%s m %s s vs %s m %s s" % (served.distance, served.duration, own["distance"], own["duration"]))

    places = [STATION, ANNANKATU, KALEVANKATU]
    matrix = osrm.matrix(locations=[list(p) for p in places], profile="driving")
    own = tool("table", *[latlon(p) for p in places], "--distances")
    check("routingpy matrix durations", matrix.durations == own["durations"], "%s vs %s" % (matrix.durations, own["durations"]))
    check("routingpy matrix distances", matrix.distances == own["distances"], "%s vs %s" % (matrix.distances, own["distances"]))

    geocoder = Nominatim(domain="127.0.0.1:%d" % port, scheme="http", user_agent="routeit-serve-clients")
    found = geocoder.geocode("Annankatu 25", exactly_one=False)
    own = tool("geocode", "Annankatu 25")
    check("geopy geocode", found is not None and [f.raw["display_name"] for f in found] == [o["display_name"] for o in own]
          and [(f.latitude, f.longitude) for f in found] == [(float(o["lat"]), float(o["lon"])) for o in own]
          and [(f.raw.get("osm_type"), f.raw.get("osm_id")) for f in found] == [(o.get("osm_type"), o.get("osm_id")) for o in own],
          "%s vs %s" % ([f.address for f in found or []], [o["display_name"] for o in own]))
    place = geocoder.reverse("60.16563, 24.93714")
    own = tool("reverse", "60.16563", "24.93714")
    check("geopy reverse", place is not None and place.raw["display_name"] == own["display_name"]
          and (place.latitude, place.longitude) == (float(own["lat"]), float(own["lon"]))
          and (place.raw.get("osm_type"), place.raw.get("osm_id")) == (own.get("osm_type"), own.get("osm_id")),
          "%s vs %s" % (place and place.address, own["display_name"]))

finish()
