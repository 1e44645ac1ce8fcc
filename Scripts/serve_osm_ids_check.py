"""geopy's Nominatim against `routeit serve` on a map of a small OSM file: each place's `osm_type`
and `osm_id` (geopy's `raw`) are the OSM object in the file it was read from.

Run by Scripts/serve-clients: python serve_osm_ids_check.py ROUTEIT MAP OSM_FILE, MAP imported
from OSM_FILE (Tests/Fixtures/osm-ids.osm). Prints one line per check, exits 1 when any differs."""
import math
import sys
import xml.etree.ElementTree as ET

from geopy.geocoders import Nominatim

from serve_check_common import check, finish, served

routeit, map_path, osm_path = sys.argv[1], sys.argv[2], sys.argv[3]


# What the file says: every element with its tags, and the nodes' positions.
root = ET.parse(osm_path).getroot()
elements = [(e.tag, int(e.get("id")), {t.get("k"): t.get("v") for t in e.findall("tag")}, e) for e in root
            if e.tag in ("node", "way", "relation")]
position = {int(e.get("id")): (float(e.get("lat")), float(e.get("lon"))) for e in root.findall("node")}


def named(name):
    """The one element named so (a POI, a park)."""
    found = [(kind, osm_id) for kind, osm_id, tags, _ in elements if tags.get("name") == name and "highway" not in tags]
    assert len(found) == 1, found
    return found[0]


def building(street, number):
    """The building outline with that address (it, not its entrance, is the address' object)."""
    found = [(kind, osm_id) for kind, osm_id, tags, _ in elements
             if kind == "way" and "building" in tags and tags.get("addr:street") == street and tags.get("addr:housenumber") == number]
    assert len(found) == 1, found
    return found[0]


def longest_street(name):
    """The longest way of the street named so."""
    def length(e):
        points = [position[int(nd.get("ref"))] for nd in e.findall("nd")]
        return sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    ways = [(length(e), osm_id) for kind, osm_id, tags, e in elements if kind == "way" and tags.get("name") == name and "highway" in tags]
    return ("way", max(ways)[1])


with served(routeit, map_path) as port:
    geocoder = Nominatim(domain="127.0.0.1:%d" % port, scheme="http", user_agent="routeit-serve-clients")
    for query, expected in [("Testiapteekki", named("Testiapteekki")), ("Testipuisto", named("Testipuisto")),
                            ("Testikatu 5", building("Testikatu", "5")), ("Testikatu", longest_street("Testikatu"))]:
        place = geocoder.geocode(query)
        got = place and (place.raw.get("osm_type"), place.raw.get("osm_id"))
        check("geopy geocode %s: osm_type/osm_id" % query, got == expected, "%s vs %s in the file" % (got, expected))
    place = geocoder.reverse("60.17115, 24.94125")
    got = place and (place.raw.get("osm_type"), place.raw.get("osm_id"))
    check("geopy reverse: osm_type/osm_id", got == building("Testikatu", "5"), "%s vs %s" % (got, building("Testikatu", "5")))

finish()
