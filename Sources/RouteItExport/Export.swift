// Trip exports (SVG, GPX, GeoJSON): pure functions from routes to text.
import RouteItCore
