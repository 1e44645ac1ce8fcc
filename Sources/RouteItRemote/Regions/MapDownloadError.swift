import Foundation

/// Why `maps get` / `maps update` stopped, each one line saying what to do. Whatever it is, no
/// map was installed or replaced; a cut-off download is kept to be resumed.
public enum MapDownloadError: Error, Equatable, CustomStringConvertible {
    case indexUnreachable(url: String, reason: String)
    case indexNotJSON(url: String)
    case indexNotAnIndex(url: String, reason: String)
    case unknownRegion(String, suggestions: [String])
    /// `fetched`: by `maps get` (so `maps update` can refresh it).
    case alreadyInstalled(name: String, path: String, fetched: Bool)
    case notFromIndex(name: String)
    case notInstalled(name: String, installed: [String])
    case busy(file: String)
    case notFound(url: String)
    case httpStatus(url: String, status: Int)
    case noPublishedMD5(url: String)
    case unreachable(host: String, reason: String)
    case interrupted(file: String, have: Int64, total: Int64?)
    case md5Mismatch(file: String, expected: String, actual: String)
    case diskFull(directory: String, kept: Int64)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .indexUnreachable(url, reason) where reason.hasPrefix("HTTP "):
            return "the region index at \(url) answered \(reason); check the address given with --index URL (or ROUTEIT_MAPS_INDEX)"
        case let .indexUnreachable(url, reason):
            return "cannot read the region index at \(url) (\(reason)); check the network, or give another with --index URL"
        case let .indexNotJSON(url):
            return "the region index at \(url) is not JSON; give Geofabrik's index-v1.json format with --index URL (or ROUTEIT_MAPS_INDEX)"
        case let .indexNotAnIndex(url, reason):
            return "the region index at \(url) is not in Geofabrik's index-v1.json format (\(reason)); check --index URL"
        case let .unknownRegion(query, suggestions):
            let close = suggestions.isEmpty ? "" : "did you mean " + suggestions.joined(separator: ", ") + "? "
            return "no region \"\(query)\" in the index; \(close)routeit maps list-remote [FILTER] lists them"
        case let .alreadyInstalled(name, path, fetched):
            return "a map named \"\(name)\" is already installed (\(path)); "
                + (fetched ? "routeit maps update \(name) fetches a newer one, --force downloads it again" : "add --force to replace it")
        case let .notFromIndex(name):
            return "the map \"\(name)\" was not fetched with routeit maps get, so it has no source to update from; run routeit maps get REGION --force"
        case let .notInstalled(name, installed):
            return "no map named \"\(name)\" is installed; " + (installed.isEmpty ? "routeit maps get REGION installs one"
                : "maps fetched with routeit maps get: " + installed.joined(separator: ", "))
        case let .busy(file):
            return "another routeit is downloading \(file) right now; wait for it to finish, then run the command again"
        case let .notFound(url):
            return "the server has no file at \(url) (HTTP 404); nothing was installed"
        case let .httpStatus(url, status):
            return "the server answered HTTP \(status) for \(url); nothing was installed, try again later"
        case let .noPublishedMD5(url):
            return "no checksum is published at \(url) (its download cannot be checked); nothing was installed"
        case let .unreachable(host, reason):
            return "cannot reach \(host) (\(reason)); check the network and run the command again (a download resumes where it stopped)"
        case let .interrupted(file, have, total):
            let of = total.map { " of " + Self.size($0) } ?? ""
            return "the download of \(file) stopped at \(Self.size(have))\(of) (connection lost); run the same command again to resume it"
        case let .md5Mismatch(file, expected, actual):
            return "the download of \(file) does not match its published MD5 (\(actual), expected \(expected)); it was removed: run the command again"
        case let .diskFull(directory, kept):
            return "the disk is full (in \(directory)); \(Self.size(kept)) downloaded so far is kept: free some space and run the command again to resume"
        case let .writeFailed(path, reason):
            return "cannot write \(path) (\(reason)); nothing was installed"
        }
    }

    /// `1.7 MB`, `512 KB`, `10 bytes`.
    public static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
