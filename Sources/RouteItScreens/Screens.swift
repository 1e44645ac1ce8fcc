// Pure render functions from view-model state to text live here (one screen per file).
import RouteItCore
