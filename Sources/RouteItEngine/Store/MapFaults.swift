import CPageByPage

/// How a SIGBUS in a mapped map is taken (cmap_fault_exit.c): by default one line and exit 1,
/// right for a one-shot tool; a server calls `survive()` once before serving, and from then on
/// the fault puts zeros in the mapping and the query goes on, for the server to find the file
/// changed (`OfflineDirections.mapFileHealth`) and answer that the map is unavailable.
public enum MapFaults {
    public static func survive() { cmap_fault_survive() }
}
