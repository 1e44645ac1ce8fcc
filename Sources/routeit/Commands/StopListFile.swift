import Foundation
import RouteItCore

/// Reading a stop list file for `stops FILE` and `routeit route --stops FILE`: `~/` is `$HOME`,
/// only a regular file of at most `StopList.maxBytes` is read (a FIFO or /dev/zero would never
/// end), as UTF-8; each problem is one line. What to tell of the file (a `#` row skipped) comes
/// with its lines.
enum StopListFile {
    /// `path` as typed (named in a problem); `expanded`, where it is (see `Session.filePath`).
    static func read(_ path: String, at expanded: String? = nil) throws -> StopList.Read {
        let expanded = expanded ?? ExportDestination.expand(path)
        var info = stat()
        guard stat(expanded, &info) == 0 else { throw InputError("Cannot read \(path): no such file.") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw InputError("Cannot read \(path): not a regular file.") }
        guard info.st_size <= StopList.maxBytes else {
            throw InputError("\(path) is \(info.st_size / 1024) KB; a stop list is at most \(StopList.maxBytes / 1024) KB.")
        }
        guard let data = FileManager.default.contents(atPath: expanded), data.count <= StopList.maxBytes else {
            throw InputError("Cannot read \(path).")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError("\(path) is not UTF-8 text.") }
        do {
            return try StopList.read(text)
        } catch let error as InputError {
            throw InputError("\(path): \(error.message)")
        }
    }
}
