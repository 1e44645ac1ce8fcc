import Foundation
import RouteItExport
import XCTest
import RouteItTestSupport

/// Class 7 of issue #10: writing never replaces what is not a plain file: links are written
/// through, FIFOs and devices are written into (or refused where a file is needed), write
/// errors are one line.
final class OutputFileTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = try TestFiles.temporaryDirectory(for: self).path
    }

    private func kind(_ path: String) -> OutputFile.Kind { OutputFile.Kind(path: path) }

    func testASymlinkIsWrittenThroughAndStaysALink() throws {
        let target = folder + "/real.gpx", link = folder + "/link.gpx"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.gpx")
        try OutputFile.write(Data("new".utf8), to: link)
        XCTAssertEqual(kind(link), .symlink)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
        // A dangling link gets its target created.
        let dangling = folder + "/dangling.gpx"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder + "/made.gpx")
        try OutputFile.write(Data("made".utf8), to: dangling)
        XCTAssertEqual(kind(dangling), .symlink)
        XCTAssertEqual(try String(contentsOfFile: folder + "/made.gpx", encoding: .utf8), "made")
        XCTAssertEqual(try OutputFile.target(for: link, allowingStreams: false).path, folder + "/real.gpx")
    }

    /// A link named without a folder (`-o link.routeit`) points from the current folder: its
    /// relative target was read from "/", and a map was written to /there.routeit.
    func testALinkInTheCurrentFolderPointsFromIt() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/here.gpx", withDestinationPath: "there.gpx")
        let before = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer { FileManager.default.changeCurrentDirectoryPath(before) }
        XCTAssertEqual(try OutputFile.target(for: "here.gpx", allowingStreams: false).path, "there.gpx")
        try OutputFile.write(Data("x".utf8), to: "here.gpx")
        XCTAssertEqual(try String(contentsOfFile: folder + "/there.gpx", encoding: .utf8), "x")
    }

    func testAFIFOIsWrittenIntoNeverReplaced() throws {
        let fifo = folder + "/pipe.gpx"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // No reader: an error at once, not a hang.
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: fifo)) { error in
            XCTAssertEqual("\(error)", "Cannot write \(fifo): nothing is reading from that FIFO.")
        }
        XCTAssertEqual(kind(fifo), .fifo)
        // With a reader, the data goes through the FIFO.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try OutputFile.write(Data("through".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self), "through")
        XCTAssertEqual(kind(fifo), .fifo)
        XCTAssertThrowsError(try OutputFile.target(for: fifo, allowingStreams: false)) { error in
            XCTAssertEqual("\(error)", "Cannot write \(fifo): it is a FIFO, not a file; give a file name.")
        }
    }

    func testADeviceIsWrittenIntoAndAFullDiskIsOneLine() throws {
        try OutputFile.write(Data("x".utf8), to: "/dev/null")
        XCTAssertEqual(kind("/dev/null"), .characterDevice)
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: "/dev/full")) { error in
            XCTAssertEqual("\(error)", "Cannot write /dev/full: the disk is full; free some space and try again.")
        }
        XCTAssertEqual(kind("/dev/full"), .characterDevice)
        // A link to a device is followed to it, and the link stays.
        let link = folder + "/full.gpx"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: link))
        XCTAssertEqual(kind(link), .symlink)
        XCTAssertThrowsError(try OutputFile.target(for: "/dev/full", allowingStreams: false))
    }

    func testFilesAreReplacedKeepingTheirModeAndFoldersAreChecked() throws {
        let file = folder + "/trip.gpx"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o600)
        try OutputFile.write(Data("new".utf8), to: file)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
        var info = stat()
        stat(file, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["trip.gpx"], "no temporary left behind")

        XCTAssertThrowsError(try OutputFile.write(Data(), to: folder)) { error in
            XCTAssertEqual("\(error)", "Cannot write \(folder!): it is a directory; give a file name.")
        }
        XCTAssertThrowsError(try OutputFile.write(Data(), to: folder + "/missing/trip.gpx")) { error in
            XCTAssertEqual("\(error)", "Cannot write \(folder!)/missing/trip.gpx: there is no directory \(folder!)/missing.")
        }
        XCTAssertThrowsError(try OutputFile.write(Data(), to: file + "/trip.gpx")) { error in
            XCTAssertEqual("\(error)", "Cannot write \(file)/trip.gpx: \(file) is not a directory.")
        }
        // A map's folders may be made: the nearest existing one is what must be writable.
        XCTAssertEqual(try OutputFile.target(for: folder + "/a/b/map.routeit", allowingStreams: false, creatingFolders: true).kind, .missing)
    }
}
