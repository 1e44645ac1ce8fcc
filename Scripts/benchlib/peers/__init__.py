"""The real peers RouteIt is measured against, each in the same run on the same machine.
Every peer listens on 127.0.0.1 only. OSRM always runs; Valhalla and Nominatim are optional
(`--peers`) and a peer that cannot be installed or started is skipped with its reason."""


class PeerUnavailable(Exception):
    """A peer could not be installed or started here; the message says exactly why."""
