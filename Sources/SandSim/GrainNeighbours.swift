import Foundation

/// The grains near each grain, for the pile's measures: cells one reach wide over the grains'
/// bounding box, numbered x fastest, folded into twice as many buckets as grains (a cell's
/// bucket is its number modulo theirs), and the grains counting-sorted by bucket with their
/// positions and radii copied in that order. Cells side by side along x are then buckets side
/// by side, so a grain's neighbours are nine runs of memory, and a caller visiting the grains in
/// this order finds most of them in the cache: with the cells hashed into buckets at random and
/// the grains in their own order, one look at every grain's neighbours took 1.5 s at 1,000,000
/// grains (docs/BENCHMARKS.md). Cells folded into one bucket only add grains that are too far,
/// which the callers' distance tests leave out.
struct GrainNeighbours {
    /// The finite grains in bucket order: where each is in the grains given, its position and
    /// its radius. A grain whose position is not finite is in no bucket and not here.
    let order: [Int]
    let positions: [SIMD3<Float>]
    let radii: [Float]
    private let origin: SIMD3<Float>
    private let cellSize: Float
    /// Cells across the bounding box along each axis.
    private let cells: SIMD3<Int>
    private let bucketCount: Int
    /// Where each bucket's grains begin in the order; one entry more than there are buckets.
    private let starts: [Int32]

    /// Cells further than this from the box's corner are counted as this far: only a grain
    /// flung far out of the glass is, and its cell is then shared with others it is far from.
    private static let farthestCell = 1 << 20

    init(_ grains: [Grain], cellSize: Float) {
        let finite = grains.indices.filter { grains[$0].position.x.isFinite && grains[$0].position.y.isFinite && grains[$0].position.z.isFinite }
        var low = SIMD3<Float>(repeating: 0), high = low
        if let first = finite.first {
            low = grains[first].position
            high = low
            for index in finite {
                low = pointwiseMin(low, grains[index].position)
                high = pointwiseMax(high, grains[index].position)
            }
        }
        origin = low
        self.cellSize = cellSize
        cells = Self.cell(high, low, cellSize, SIMD3(repeating: Self.farthestCell + 1)) &+ 1
        bucketCount = max(2 * finite.count, 64)
        let buckets = finite.map { [origin, cellSize, cells, bucketCount] index in
            Self.bucket(of: Self.cell(grains[index].position, origin, cellSize, cells), cells, bucketCount)
        }
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        for bucket in buckets { starts[bucket + 1] += 1 }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        var fill = starts
        var order = [Int](repeating: 0, count: finite.count)
        for (k, index) in finite.enumerated() {
            order[Int(fill[buckets[k]])] = index
            fill[buckets[k]] += 1
        }
        self.order = order
        positions = order.map { grains[$0].position }
        radii = order.map { grains[$0].radius }
        self.starts = starts
    }

    /// Calls `body` with the place in the order of every other grain in the 27 cells around the
    /// grain at `slot` (a grain within one cell size is always among them; a few farther ones
    /// may be too, and a grain may come more than once).
    func forEach(near slot: Int, _ body: (Int) -> Void) {
        let home = Self.cell(positions[slot], origin, cellSize, cells)
        let low = pointwiseMax(home &- 1, .zero), high = pointwiseMin(home &+ 1, cells &- 1)
        for z in low.z...high.z {
            for y in low.y...high.y {
                let first = Self.bucket(of: SIMD3(low.x, y, z), cells, bucketCount)
                let last = Self.bucket(of: SIMD3(high.x, y, z), cells, bucketCount)
                // The row's buckets follow each other, but for one that wraps round to bucket 0.
                func visit(_ from: Int, _ to: Int) {
                    for other in Int(starts[from])..<Int(starts[to + 1]) where other != slot { body(other) }
                }
                if first <= last {
                    visit(first, last)
                } else {
                    visit(first, bucketCount - 1)
                    visit(0, last)
                }
            }
        }
    }

    /// The order cut into runs of slots for `inParts`: a few a core, so cores that finish early
    /// take more, and each run's grains near each other in memory.
    private var parts: [Range<Int>] {
        let count = max(1, min(positions.count / 4096, 8 * ProcessInfo.processInfo.activeProcessorCount))
        return (0..<count).map { part in positions.count * part / count..<positions.count * (part + 1) / count }
    }

    /// `body` over each run of slots on every core, its results in the runs' order: the same
    /// results whatever the number of cores (at 1,000,000 grains one core took 0.4 s a look,
    /// docs/BENCHMARKS.md).
    func inParts<Result>(_ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let parts = self.parts
        var results = [Result?](repeating: nil, count: parts.count)
        results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                results[part] = body(parts[part])
            }
        }
        return results.map { $0! }
    }

    /// Whole numbers by the component, as a float vector's conversion to an integer one is a
    /// generic call a component (a fifth of the measures' time).
    private static func cell(_ p: SIMD3<Float>, _ origin: SIMD3<Float>, _ size: Float, _ cells: SIMD3<Int>) -> SIMD3<Int> {
        let across = pointwiseMin((p - origin) / size, SIMD3(repeating: Float(farthestCell)))
        return pointwiseMin(SIMD3(Int(across.x), Int(across.y), Int(across.z)), cells &- 1)
    }

    private static func bucket(of cell: SIMD3<Int>, _ cells: SIMD3<Int>, _ count: Int) -> Int {
        (cell.x + cells.x * (cell.y + cells.y * cell.z)) % count
    }
}
