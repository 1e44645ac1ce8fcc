// OSRM and Nominatim HTTP backends behind the Core service protocols.
import RouteItCore
