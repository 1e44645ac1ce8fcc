import Foundation

/// Reads and inflates the next blobs on a second thread while the caller decodes the current
/// one, handing them over in file order. Inflating is about half the work of a pass, so two
/// cores nearly halve it. At most `depth` inflated blocks exist at once (buffers are recycled),
/// keeping memory bounded; `finish` stops and joins the thread on every exit path.
/// Unchecked: `condition` guards `ready`, `spare`, `cancelled` and `producerDone`, the only
/// state the two threads share.
final class PBFBlockPipeline: @unchecked Sendable {
    struct Block {
        var header: PBFBlobFile.BlobHeader
        var bytes: [UInt8]
        var count: Int
    }

    private enum Item {
        case block(Block)
        case failure(Error)
        case end
    }

    private let condition = NSCondition()
    private var ready: [Item] = []
    private var spare: [[UInt8]]
    private var cancelled = false
    private var producerDone = false

    /// `wants` decides, from its header alone, whether a blob is read or skipped.
    init(file: PBFBlobFile, depth: Int = 2, wants: @escaping (PBFBlobFile.BlobHeader) -> Bool) {
        spare = Array(repeating: [], count: max(1, depth))
        // Handed over: from here on only the reading thread uses the file and the filter.
        nonisolated(unsafe) let file = file
        nonisolated(unsafe) let wants = wants
        let thread = Thread { [self] in produce(file, wants) }
        thread.name = "RouteIt PBF inflate"
        thread.start()
    }

    deinit { finish() }

    /// The next wanted block in file order, nil at the end; rethrows the reading thread's error.
    func next() throws -> Block? {
        condition.lock()
        while ready.isEmpty { condition.wait() }
        let item = ready.removeFirst()
        condition.unlock()
        switch item {
        case .block(let block): return block
        case .failure(let error): throw error
        case .end: return nil
        }
    }

    /// Gives a block's buffer back for reuse.
    func recycle(_ block: inout Block) {
        var bytes: [UInt8] = []
        swap(&bytes, &block.bytes)
        condition.lock()
        spare.append(bytes)
        condition.signal()
        condition.unlock()
    }

    /// Stops the reading thread (if still running) and waits for it to exit.
    func finish() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !producerDone { condition.wait() }
        condition.unlock()
    }

    private func produce(_ file: PBFBlobFile, _ wants: (PBFBlobFile.BlobHeader) -> Bool) {
        do {
            while let header = try file.nextHeader() {
                guard wants(header) else {
                    try file.skipData(header)
                    continue
                }
                condition.lock()
                while spare.isEmpty && !cancelled { condition.wait() }
                if cancelled {
                    condition.unlock()
                    break
                }
                var bytes = spare.removeLast()
                condition.unlock()
                let count = try file.readData(header, into: &bytes)
                push(.block(Block(header: header, bytes: bytes, count: count)))
            }
            push(.end)
        } catch {
            push(.failure(error))
        }
        condition.lock()
        producerDone = true
        condition.broadcast()
        condition.unlock()
    }

    private func push(_ item: Item) {
        condition.lock()
        ready.append(item)
        condition.broadcast()
        condition.unlock()
    }
}
