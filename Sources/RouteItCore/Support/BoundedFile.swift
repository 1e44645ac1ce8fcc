import Foundation

/// Reads a whole file the user named, bounded: only a regular file (a FIFO would hang, a link to
/// /dev/zero never end), of at most `limit` bytes (checked before reading, and again while
/// reading, for a file that grows). Each refusal is one line for the user.
public enum BoundedFile {
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public static func read(_ path: String, shownAs name: String? = nil, limit: Int) throws -> Data {
        let name = name ?? path
        var info = stat()
        guard stat(path, &info) == 0 else { throw Refusal(description: "Cannot read \(name): no such file.") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Refusal(description: "Cannot read \(name): not a regular file.") }
        guard info.st_size <= limit else { throw Refusal(description: "\(name) is too large (\(megabytes(Int(info.st_size))); at most \(megabytes(limit))).") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Refusal(description: "Cannot read \(name).") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { throw Refusal(description: "Cannot read \(name).") }
        guard data.count <= limit else { throw Refusal(description: "\(name) is too large (at most \(megabytes(limit))).") }
        return data
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
    }
}
