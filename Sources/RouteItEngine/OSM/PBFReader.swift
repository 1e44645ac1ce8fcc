import Foundation

/// Streams an `.osm.pbf` file blob by blob. Opening reads and checks the OSMHeader (so a file
/// needing features this decoder lacks is refused up front); each `read` pass then walks the
/// file again, inflating and decoding one PrimitiveBlock at a time.
public final class PBFReader: OSMReader {
    public let url: URL
    private let header: OSMFileInfo
    /// What each data blob holds, learnt on earlier passes: a later pass skips blobs without
    /// the kinds it wants, without inflating them.
    private var blobKinds: [Int: OSMEntityKinds] = [:]
    private let lock = NSLock()

    public init(url: URL) throws {
        self.url = url
        let file = try PBFBlobFile(url: url)
        guard let first = try file.nextHeader() else {
            throw OSMReadError("\(file.name): the file is empty")
        }
        guard first.type == .header else {
            throw file.corrupt("the first blob is not an OSMHeader")
        }
        let block: PBFHeaderBlock
        do {
            block = try file.readData(first) { try PBFHeaderBlock($0) }
        } catch let error as PBFCorruption {
            throw file.corrupt("the OSMHeader is unreadable: \(error.reason)")
        }
        if let feature = block.unsupportedFeatures.first {
            throw OSMReadError("\(file.name): the file requires the PBF feature \"\(feature)\", which RouteIt does not support")
        }
        header = block.info
    }

    public var info: OSMFileInfo { header }

    public func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws {
        let file = try PBFBlobFile(url: url)
        let known = lock.withLock { blobKinds }
        var learnt: [Int: OSMEntityKinds] = [:]
        defer { lock.withLock { blobKinds.merge(learnt) { _, new in new } } }
        // The header (checked at init) and unknown blob types are skipped, and so are data
        // blobs an earlier pass found to hold none of the wanted kinds.
        let pipeline = PBFBlockPipeline(file: file) { blob in
            guard blob.type == .data, !kinds.isEmpty else { return false }
            return !(known[blob.index]?.isDisjoint(with: kinds) ?? false)
        }
        defer { pipeline.finish() }
        var decoder = PBFPrimitiveBlockDecoder()
        while var block = try pipeline.next() {
            do {
                learnt[block.header.index] = try block.bytes.withUnsafeBytes { bytes in
                    try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[0..<block.count]), kinds: kinds, body)
                }
            } catch let error as PBFCorruption {
                throw file.corrupt("blob \(block.header.index + 1) at byte \(block.header.offset): \(error.reason)")
            }
            pipeline.recycle(&block)
        }
    }
}
