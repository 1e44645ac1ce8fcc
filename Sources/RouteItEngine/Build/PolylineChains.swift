import RouteItCore

/// A street's ways joined end to end where exactly two of them meet (OSM splits a street at
/// every change of a tag): fewer, longer lines, so the packed street index needs fewer rows.
/// The geometry is the same; lines still meet where three or more ways cross.
enum PolylineChains {
    static func merge(_ lines: [[Coordinate]]) -> [[Coordinate]] {
        let lines = lines.filter { $0.count >= 2 }
        var atPoint: [Coordinate: [Int]] = [:]
        for (i, line) in lines.enumerated() {
            atPoint[line.first!, default: []].append(i)
            atPoint[line.last!, default: []].append(i)
        }
        var used = [Bool](repeating: false, count: lines.count)
        /// The other unused line ending at `p`, when `p` joins exactly two line ends.
        func continuation(at p: Coordinate, from i: Int) -> Int? {
            guard let ends = atPoint[p], ends.count == 2 else { return nil }
            let other = ends[0] == i ? ends[1] : ends[0]
            return other != i && !used[other] ? other : nil
        }
        var merged: [[Coordinate]] = []
        for start in lines.indices where !used[start] {
            used[start] = true
            var chain = lines[start]
            var last = start
            while let next = continuation(at: chain.last!, from: last) {
                used[next] = true
                let line = lines[next]
                chain += (line.first! == chain.last! ? line : Array(line.reversed())).dropFirst()
                last = next
            }
            last = start
            while let previous = continuation(at: chain.first!, from: last) {
                used[previous] = true
                let line = lines[previous]
                chain = Array((line.last! == chain.first! ? line : Array(line.reversed())).dropLast()) + chain
                last = previous
            }
            merged.append(chain)
        }
        return merged
    }
}
