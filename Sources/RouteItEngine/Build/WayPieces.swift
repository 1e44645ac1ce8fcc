import RouteItCore

/// How a way's node list becomes geometry, for every layer that draws ways (the road graph, the
/// geocoder's street lines): the nodes the file holds, in order, cut where it lacks one (or has
/// it with bad coordinates). osrm-extract makes a segment of each two consecutive refs and drops
/// those touching a node it never read, so the way goes on either side of the gap, never
/// straight across it (a footway ring missing one node got a 70 m shortcut through a park).
enum WayStep {
    case node(Int64, Coordinate)
    /// One or more refs in a row without a coordinate: the piece before ends here.
    case gap
}

extension NodeCoordinates {
    /// Walks `refs` in order: each node that has a coordinate, and one `.gap` for each run of
    /// refs that have none (at the start, in the middle, at the end). One lookup a ref.
    func walkPieces<Refs: Sequence<Int64>>(of refs: Refs, _ step: (WayStep) throws -> Void) rethrows {
        var inGap = false
        for id in refs {
            if let coordinate = coordinate(of: id) {
                inGap = false
                try step(.node(id, coordinate))
            } else if !inGap {
                inGap = true
                try step(.gap)
            }
        }
    }

    /// The lines of a way: its pieces of two nodes or more.
    func lines<Refs: Sequence<Int64>>(of refs: Refs) -> [[Coordinate]] {
        var lines: [[Coordinate]] = []
        var line: [Coordinate] = []
        func endLine() {
            if line.count >= 2 { lines.append(line) }
            line = []
        }
        walkPieces(of: refs) { step in
            switch step {
            case .node(_, let coordinate): line.append(coordinate)
            case .gap: endLine()
            }
        }
        endLine()
        return lines
    }
}

/// A piece of a road way the road layer keeps: `range` of its flattened kept nodes, all present
/// in the file, consecutive in the way.
struct WayPiece {
    /// The way's index among the layer's ways.
    var way: Int
    var range: Range<Int>
    /// Segments the whole way keeps (all its pieces): a ferry's `duration` is shared by them.
    var waySegments: Int
}
