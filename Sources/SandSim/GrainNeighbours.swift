/// The grains near each grain, for the pile's measures: a spatial hash of cells one reach wide,
/// counting-sorted into buckets (three flat arrays, no dictionary), so a look at every grain's
/// neighbours stays linear in the count and cheap enough for every frame of a 50,000-grain run.
struct GrainNeighbours {
    let positions: [SIMD3<Float>]
    /// Whether each grain's position is finite: the others are in no bucket.
    let finite: [Bool]
    private let cellSize: Float
    private let bucketCount: Int
    private let starts: [Int]
    private let sorted: [Int]

    init(_ grains: [Grain], cellSize: Float) {
        positions = grains.map(\.position)
        finite = positions.map { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
        self.cellSize = cellSize
        bucketCount = max(2 * grains.count, 64)
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        let buckets = positions.indices.map { [cellSize, bucketCount, finite, positions] index in
            finite[index] ? Self.bucket(Self.cell(positions[index], cellSize), bucketCount) : -1
        }
        for b in buckets where b >= 0 { starts[b + 1] += 1 }
        for b in 0..<bucketCount { starts[b + 1] += starts[b] }
        var fill = starts
        var sorted = [Int](repeating: 0, count: starts[bucketCount])
        for (index, b) in buckets.enumerated() where b >= 0 {
            sorted[fill[b]] = index
            fill[b] += 1
        }
        self.starts = starts
        self.sorted = sorted
    }

    /// Calls `body` with every other grain in the 27 cells around grain `index` (a grain within
    /// one cell size is always among them; a few farther ones may be too).
    func forEach(near index: Int, _ body: (Int) -> Void) {
        guard finite[index] else { return }
        let home = Self.cell(positions[index], cellSize)
        for dx in -1...1 {
            for dy in -1...1 {
                for dz in -1...1 {
                    let b = Self.bucket(home &+ SIMD3(dx, dy, dz), bucketCount)
                    for slot in starts[b]..<starts[b + 1] where sorted[slot] != index { body(sorted[slot]) }
                }
            }
        }
    }

    private static func cell(_ p: SIMD3<Float>, _ size: Float) -> SIMD3<Int> {
        SIMD3(Int((p.x / size).rounded(.down)), Int((p.y / size).rounded(.down)), Int((p.z / size).rounded(.down)))
    }

    private static func bucket(_ c: SIMD3<Int>, _ count: Int) -> Int {
        let hash = c.x &* 73_856_093 ^ c.y &* 19_349_663 ^ c.z &* 83_492_791
        return Int(UInt(bitPattern: hash) % UInt(count))
    }
}
