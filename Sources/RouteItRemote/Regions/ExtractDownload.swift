import Foundation

/// One extract fetched into a download folder and checked against its published MD5: it goes
/// to `FILE.part` first (with `FILE.part.md5`, the checksum it was started for), resumes with
/// an HTTP Range from what a cut-off attempt left, and becomes `FILE` only once its MD5 matches.
struct ExtractDownload {
    var url: URL
    var expectedMD5: String
    var directory: URL
    var client: HTTPDownloading
    var fileSystem: DownloadFileSystem
    var progress: MapDownloadProgress?
    var stop: StopSignal?
    var idleTimeout: TimeInterval

    struct Result {
        var path: String
        var bytes: Int64
        var resumedFrom: Int64
        var lastModified: String?
    }

    /// The URL's file name, if it is a plain one (never `..` or hidden).
    var fileName: String {
        let name = url.lastPathComponent
        let plain = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        return plain && !name.hasPrefix(".") && !name.isEmpty ? name : "extract.osm.pbf"
    }
    private var finalPath: String { directory.appendingPathComponent(fileName).path }
    private var partPath: String { finalPath + ".part" }
    private var partMD5Path: String { partPath + ".md5" }

    /// The checked extract, or nil when the server says it has not changed since `ifModifiedSince`.
    func run(ifModifiedSince: String? = nil) throws -> Result? {
        let files = FileManager.default
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw MapDownloadError.writeFailed(path: directory.path, reason: UserFacingFileError.reason(error))
        }
        // One download of a file at a time: a second routeit would write into the same part.
        // (The lock file stays: removing it could let two holders lock two files of one name.)
        let lockPath = directory.appendingPathComponent(".\(fileName).lock").path
        let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw MapDownloadError.writeFailed(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw MapDownloadError.busy(file: fileName) }
        // A whole, checked extract from an earlier run that stopped before its import.
        if files.fileExists(atPath: finalPath), (try? MD5.hexDigest(ofFile: finalPath)) == expectedMD5 {
            return Result(path: finalPath, bytes: Self.size(of: finalPath), resumedFrom: Self.size(of: finalPath), lastModified: nil)
        }
        try? files.removeItem(atPath: finalPath)
        // A part started for another version of the file cannot be resumed.
        let partFor = (try? String(contentsOfFile: partMD5Path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        var offset = partFor == expectedMD5 && files.fileExists(atPath: partPath) ? Self.size(of: partPath) : 0
        if offset == 0 {
            try? files.removeItem(atPath: partPath)
            do {
                try expectedMD5.write(toFile: partMD5Path, atomically: true, encoding: .utf8)
            } catch {
                throw MapDownloadError.writeFailed(path: partMD5Path, reason: UserFacingFileError.reason(error))
            }
        }
        var resumedFrom = offset
        var headers: [String] = []
        if offset > 0 { headers.append("Range: bytes=\(offset)-") } else if let ifModifiedSince { headers.append("If-Modified-Since: \(ifModifiedSince)") }

        var sink: DownloadSink?
        var written: Int64 = 0
        var total: Int64?
        var notModified = false
        var alreadyWhole = false
        var lastModified: String?
        var started = false
        do {
            defer { try? sink?.close() }
            try client.fetch(DownloadRequest(url: url, headers: headers, idleTimeout: idleTimeout), stop: stop, head: { head in
                lastModified = head.header("last-modified")
                switch head.status {
                case 304 where offset == 0: notModified = true; return
                case 416 where offset > 0: alreadyWhole = true; return
                case 404, 410: throw MapDownloadError.notFound(url: url.absoluteString)
                case 206 where offset > 0:
                    guard head.header("content-range")?.hasPrefix("bytes \(offset)-") == true else {
                        throw MapDownloadError.httpStatus(url: url.absoluteString, status: 206)
                    }
                case 200:
                    offset = 0   // the server sent the whole file: start the part again
                    resumedFrom = 0
                default:
                    throw MapDownloadError.httpStatus(url: url.absoluteString, status: head.status)
                }
                total = head.status == 200 ? head.contentLength : head.totalLength
                sink = try fileSystem.openForAppending(partPath, truncatingTo: offset)
                started = true
                progress?.downloadStarted(fileName, total: total, from: offset)
            }, body: { bytes in
                guard let sink else { return }
                try sink.write(bytes)
                written += Int64(bytes.count)
                progress?.downloadProgress(offset + written)
            })
            try sink?.close()
            sink = nil
        } catch {
            let have = Self.size(of: partPath)
            if started { progress?.downloadEnded(fileName, bytes: have, completed: false) }
            switch error {
            case let error as MapDownloadError: throw error
            case RemoteError.cancelled: throw CancellationError()
            case is DiskFull: throw MapDownloadError.diskFull(directory: directory.path, kept: have)
            case RemoteError.unreachable(_, let reason) where reason == HTTPDownloadClient.connectionLost("").reason:
                throw MapDownloadError.interrupted(file: fileName, have: have, total: total)
            case RemoteError.timedOut where started:
                throw MapDownloadError.interrupted(file: fileName, have: have, total: total)
            case let error as RemoteError: throw MapDownloadError.unreachable(host: url.hostDescription, reason: error.reason)
            default: throw MapDownloadError.writeFailed(path: partPath, reason: UserFacingFileError.reason(error))
            }
        }
        if notModified {
            try? files.removeItem(atPath: partPath)
            try? files.removeItem(atPath: partMD5Path)
            return nil
        }
        let bytes = Self.size(of: partPath)
        if started { progress?.downloadEnded(fileName, bytes: bytes, completed: true) }
        if !alreadyWhole, let total, bytes != total {
            throw MapDownloadError.interrupted(file: fileName, have: bytes, total: total)
        }
        let actual = (try? MD5.hexDigest(ofFile: partPath)) ?? "unreadable"
        guard actual == expectedMD5 else {
            try? files.removeItem(atPath: partPath)
            try? files.removeItem(atPath: partMD5Path)
            throw MapDownloadError.md5Mismatch(file: fileName, expected: expectedMD5, actual: actual)
        }
        guard rename(partPath, finalPath) == 0 else {
            throw MapDownloadError.writeFailed(path: finalPath, reason: String(cString: strerror(errno)))
        }
        try? files.removeItem(atPath: partMD5Path)
        return Result(path: finalPath, bytes: bytes, resumedFrom: resumedFrom, lastModified: lastModified)
    }

    static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}

/// A file error's cause in a few words (`no space left on device`), not Foundation's paragraph.
enum UserFacingFileError {
    static func reason(_ error: Error) -> String {
        if error is DiskFull { return "the disk is full" }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)).lowercased() }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return nsError.localizedDescription
    }
}
