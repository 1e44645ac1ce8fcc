import Foundation

/// Pass 1 of one layer on a thread of its own: the importer hands it the ways and relations in
/// batches, in file order, while the other layers collect on the reading thread. The road
/// layer's profiles are most of pass 1, which otherwise leaves a second core idle; the layer
/// sees the same elements in the same order and asks for its nodes apart, merged at the end
/// (the ids are a sorted set either way), so the map is the same byte for byte.
/// Unchecked: `condition` guards `queue`, `closed`, `stopped` and `failure`; `needed` and the
/// layer are the thread's until `finish` has seen it stop.
final class ApartCollection: @unchecked Sendable {
    private let layer: MapLayerBuilder
    private let condition = NSCondition()
    private var queue: [[OSMEntity]] = []
    private var closed = false
    private var stopped = false
    private var failure: Error?
    private var needed = NeededNodes()
    /// Filled by the reading thread, handed over when full.
    private var batch: [OSMEntity] = []

    /// Elements handed over at a time, and batches waiting at most (so memory stays bounded
    /// when the layer is slower than the reading).
    static let batchSize = 1024
    static let queuedBatches = 4

    init(_ layer: MapLayerBuilder) {
        self.layer = layer
        let thread = Thread { [self] in run() }
        thread.name = "RouteIt \(layer.phaseName) pass 1"
        thread.start()
    }

    /// Queues a way or relation for the layer.
    func add(_ entity: OSMEntity) {
        batch.append(entity)
        if batch.count >= Self.batchSize { handOver() }
    }

    /// Waits for the layer to collect everything queued: the node ids it asked for; rethrows
    /// the first error it met.
    func finish() throws -> [Int64] {
        handOver()
        close(dropping: false)
        if let failure { throw failure }
        return needed.finish()
    }

    /// Stops the thread without waiting for what is queued (the import failed); idempotent.
    func stop() { close(dropping: true) }

    private func handOver() {
        guard !batch.isEmpty else { return }
        condition.lock()
        while queue.count >= Self.queuedBatches && !stopped { condition.wait() }
        queue.append(batch)
        condition.broadcast()
        condition.unlock()
        batch = []
    }

    private func close(dropping: Bool) {
        condition.lock()
        if dropping { queue.removeAll() }
        closed = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            guard !queue.isEmpty else {
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let next = queue.removeFirst()
            let failed = failure != nil
            condition.broadcast()
            condition.unlock()
            guard !failed else { continue }
            do {
                for entity in next {
                    switch entity {
                    case .way(let way): try layer.collect(way: way) { needed.insert($0) }
                    case .relation(let relation): try layer.collect(relation: relation) { needed.insert($0) }
                    case .node: break
                    }
                }
            } catch {
                condition.lock()
                failure = error
                condition.unlock()
            }
        }
    }
}
