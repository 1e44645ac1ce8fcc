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
        var decoder = PBFPrimitiveBlockDecoder()
        while let blob = try file.nextHeader() {
            guard blob.type == .data, !kinds.isEmpty else {
                try file.skipData(blob)  // the header (checked at init) and unknown blob types
                continue
            }
            if let holds = known[blob.index], holds.isDisjoint(with: kinds) {
                try file.skipData(blob)
                continue
            }
            do {
                learnt[blob.index] = try file.readData(blob) { try decoder.decode($0, kinds: kinds, body) }
            } catch let error as PBFCorruption {
                throw file.corrupt("blob \(blob.index + 1) at byte \(blob.offset): \(error.reason)")
            }
        }
    }
}
