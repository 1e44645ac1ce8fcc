import Foundation
import RouteItSQLite
import RouteItCore
import RouteItEngine

/// The one sentence the user sees for an error, whoever threw it: what is wrong and what to do,
/// never a type name, an enum case or SQLite's own words. Every error that reaches the screen
/// (the shell's alerts, the tools' `routeit TOOL: ...` lines) goes through here.
enum UserMessage {
    static func sentence(for error: Error) -> String {
        let text: String
        switch error {
        case let error as DirectionsError:
            text = error.description
        case let error as SQLiteError:
            text = sentence(forSQLite: error)
        case let error as RouteItMapError:
            text = sentence(forMap: error)
        case is CancellationError:
            text = "Cancelled."
        case let error as CocoaError:
            text = sentence(forFile: error)
        case let error as POSIXError:
            text = "The system said: \(String(cString: strerror(error.code.rawValue)))."
        case let error as CustomStringConvertible:
            text = error.description
        default:
            text = "Something unexpected went wrong (\(type(of: error))); please report it."
        }
        // Whatever the text, it is printed on a terminal: no escape sequences, one line.
        return TerminalSafeText.clean(text)
    }

    /// SQLite speaks of tables and codes; the user needs to know the map (or disk) is the problem.
    private static func sentence(forSQLite error: SQLiteError) -> String {
        if error.isOutOfMemory { return outOfMemory }
        // An I/O error while writing under `ulimit -f` (EFBIG) is the limit, not a damaged map.
        if error.code & 0xFF == 10, let limit = fileSizeLimit() {
            return "A file could not be written whole: the file-size limit (ulimit -f) is \(max(1, limit >> 10)) KB; raise it with ulimit -f."
        }
        switch error.code {
        case 13: return "The disk is full; free some space and try again."
        case 14: return "The map file cannot be opened; check that it and its folder may be read and written."
        case 5, 6: return "The map is busy in another routeit; try again in a moment."
        default: return "The map is damaged; import it again."
        }
    }

    /// Memory ran out: under an address-space limit that is the limit, not the map or the disk.
    static var outOfMemory: String {
        let limit = AddressSpaceLimit.current()
        guard limit != AddressSpaceLimit.unlimited else { return "Not enough memory for this; close other programs or use a smaller map." }
        return "Not enough memory under the address-space limit (ulimit -v is \(limit >> 20) MB); raise it with ulimit -v or use a smaller map."
    }

    /// The file-size limit in bytes, nil when there is none.
    static func fileSizeLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    private static func sentence(forMap error: RouteItMapError) -> String {
        switch error {
        case .missing(let path):
            return "There is no map at \(path); import one with: routeit import FILE.osm.pbf -o \(path)"
        case .notAMap(let path):
            if FileManager.default.fileExists(atPath: path), !FileManager.default.isReadableFile(atPath: path) {
                return "Cannot read \(path): permission denied."
            }
            return "\(path) is not a RouteIt map; import an OSM extract with: routeit import FILE.osm.pbf"
        case .otherSchemaVersion:
            return error.description
        case .damaged(let path, let cutShort):
            return "The map \(path) is damaged\(cutShort ? " (cut short)" : ""); import it again."
        case .changing(let path):
            return "The map \(path) keeps changing while it is opened (an import is writing it?); try again."
        }
    }

    /// Foundation's file errors name the file in their user info.
    private static func sentence(forFile error: CocoaError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path ?? "the file"
        switch error.code {
        case .fileReadNoPermission: return "Cannot read \(path): permission denied."
        case .fileWriteNoPermission: return "Cannot write \(path): permission denied."
        case .fileNoSuchFile, .fileReadNoSuchFile: return "There is no file \(path)."
        case .fileWriteOutOfSpace: return "The disk is full; free some space and try again."
        case .fileWriteVolumeReadOnly: return "Cannot write \(path): the file system is read-only."
        default: return "Cannot use \(path) (error \(error.code.rawValue))."
        }
    }
}
