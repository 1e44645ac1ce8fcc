import Foundation
import RouteItSQLite
import XCTest
import RouteItTestSupport

/// Issue #10 classes 7 and 8 through the real executable: `import -o` never replaces a link,
/// FIFO or device and finds a bad output folder before reading its input; damaged or
/// unreadable maps and bad numbers are one plain sentence, never an internal error.
final class ToolErrorTests: XCTestCase {
    private static let directory: URL = {
        do { return try TestFiles.processDirectory("tool-error-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()
    nonisolated(unsafe) private static var testMap: String?

    private static var environment: [String: String] {
        ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
         "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private var extract: String {
        (ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"] ?? RouteItProcess.packageRoot.appendingPathComponent(".data/osm").path)
            + "/test.osm.pbf"
    }

    private func path(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        return Self.directory.appendingPathComponent(name).path
    }

    private func run(_ arguments: [String], asNobody: Bool = false) throws -> RouteItProcess.Result {
        guard asNobody else { return try RouteItProcess.run(arguments, environment: Self.environment, timeout: 120) }
        // Root may read and write anything: permissions are tried as nobody.
        let executable = try RouteItProcess.locate().path
        return try RouteItProcess.runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments,
                                             environment: Self.environment)
    }

    private func map() throws -> String {
        if let map = Self.testMap { return map }
        let map = try path("test.routeit")
        let result = try run(["import", extract, "-o", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        Self.testMap = map
        return map
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & S_IFMT
    }

    func testImportWritesThroughALinkAndRefusesFIFOsAndDevices() throws {
        let target = try path("target.routeit"), link = try path("link.routeit")
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try run(["import", extract, "-o", link])
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertEqual(kind(link), S_IFLNK, "the link stays a link")
        XCTAssertEqual(kind(target), S_IFREG)
        XCTAssertEqual(try run(["geocode", "Street", "--map", link]).status == 2, false)

        let fifo = try path("fifo.routeit")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        var targets = [(fifo, "a FIFO")]
        // Devices of our own (as root), never the machine's: a broken build must not be able to
        // replace /dev/full for everything else running here.
        let device = try path("full-device")
        if getuid() == 0, mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 { targets.append((device, "a device")) }
        for (output, what) in targets {
            let result = try run(["import", extract, "-o", output])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, "routeit import: Cannot write \(output): it is \(what), not a file; give a file name.\n")
        }
        XCTAssertEqual(kind(fifo), S_IFIFO)
        if targets.count > 1 { XCTAssertEqual(kind(device), S_IFCHR) }
    }

    func testABadOutputFolderIsFoundBeforeTheInputIsRead() throws {
        // The input is a FIFO nobody writes to: reading it first would hang.
        let input = try path("never.osm.pbf")
        XCTAssertEqual(mkfifo(input, 0o644), 0)
        let file = try path("plain-file")
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        let result = try run(["import", input, "-o", file + "/map.routeit"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "routeit import: Cannot write \(file)/map.routeit: \(file) is not a directory.\n")

        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let readOnly = try path("read-only")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        chmod(Self.directory.path, 0o755)
        chmod(readOnly, 0o555)
        chmod(input, 0o644)
        let denied = try run(["import", input, "-o", readOnly + "/map.routeit"], asNobody: true)
        XCTAssertEqual(denied.status, 1)
        XCTAssertEqual(denied.stderr, "routeit import: Cannot write \(readOnly)/map.routeit: the folder \(readOnly) is not writable; choose another place.\n")
    }

    /// The page size of the map at `path` and the pages its schema (`sqlite_schema`) is on.
    private func schemaPages(of path: String) throws -> (Int, [Int]) {
        let db = try SQLiteDatabase(path: path)
        let pageSize = Int(try db.scalarInt("PRAGMA page_size") ?? 4096)
        let rows = try db.prepare("SELECT pageno FROM dbstat WHERE name = 'sqlite_schema'")
        var pages: [Int] = []
        while try rows.step() { pages.append(Int(rows.int(0))) }
        return (pageSize, pages)
    }

    func testDamagedAndUnreadableMapsArePlainSentences() throws {
        let good = try map()
        let damaged = try path("damaged.routeit")
        try? FileManager.default.removeItem(atPath: damaged)
        // The header and schema survive (page 1 and the pages it continues on); the tables' pages do not.
        let original = try Data(contentsOf: URL(fileURLWithPath: good))
        var bytes = original
        bytes.replaceSubrange(8192..<min(bytes.count, 8192 * 40), with: Data(repeating: 0xA5, count: min(bytes.count, 8192 * 40) - 8192))
        let (pageSize, schemaPages) = try schemaPages(of: good)
        for page in schemaPages {
            let range = (page - 1) * pageSize..<min(original.count, page * pageSize)
            bytes.replaceSubrange(range, with: original[range])
        }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        for arguments in [["route", "60.16,24.93", "60.17,24.94"], ["geocode", "Street"], ["reverse", "60.16", "24.93"]] {
            let result = try run(arguments + ["--map", damaged])
            XCTAssertNotEqual(result.status, 0)
            for leak in ["SQLite", "unavailable(", "Error", "(code"] {
                XCTAssertFalse(result.stderr.contains(leak), "\(arguments): \(result.stderr)")
            }
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertEqual(try run(["geocode", "Street", "--map", damaged]).stderr, "routeit geocode: The map is damaged; import it again.\n")

        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let unreadable = try path("unreadable.routeit")
        try? FileManager.default.removeItem(atPath: unreadable)
        try FileManager.default.copyItem(atPath: good, toPath: unreadable)
        chmod(Self.directory.path, 0o755)
        chmod(unreadable, 0)
        let result = try run(["route", "60.16,24.93", "60.17,24.94", "--map", unreadable], asNobody: true)
        XCTAssertEqual(result.stderr, "routeit route: Cannot read \(unreadable): permission denied.\n")
    }

    func testOnlyDecimalCoordinates() throws {
        for text in ["0x10,5", "inf,5", "60.1,nan"] {
            let result = try run(["route", text, "60.17,24.94"])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.contains("routeit route: not a LAT,LON coordinate: \(text) "), result.stderr)
        }
        for (lat, lon) in [("0x10", "5"), ("inf", "5"), ("60.1", "nan")] {
            let reverse = try run(["reverse", lat, lon])
            XCTAssertEqual(reverse.status, 2)
            XCTAssertTrue(reverse.stderr.hasPrefix("routeit reverse: not a coordinate: \(lat) \(lon)"), reverse.stderr)
        }
    }
}
