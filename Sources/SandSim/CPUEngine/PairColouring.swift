/// The listed pairs of each layer of cells in colours: no two pairs of one colour share a grain,
/// so the contact solve takes eight of one colour at a time side by side (ContactSolve), where
/// one pair after another would wait for each push on a grain before the next. Coloured once a
/// listing, greedily in the listing's order (each pair takes the first colour neither of its
/// grains has yet, as Box2D v3's constraint graph does with a bit set per colour), and stored
/// sorted by colour. A pair that finds every colour taken goes to a last bucket, solved one pair
/// at a time. A layer's pairs reach only into the next layer, so the layers of one parity are
/// coloured with one mask per grain without sharing any, and those of the other parity with a
/// second; the colours come out the same whichever thread colours a layer.
struct PairColouring {
    /// One bit each in a grain's mask of the colours its pairs have taken.
    static let colours = 32
    /// The colours, then the pairs that found none free.
    static let buckets = colours + 1

    /// A layer's pairs sorted by colour, from `stride` times the layer's first grain: the two
    /// grains, the distance at which they touch (its bits), and −1 if either may reach the
    /// wall before the next listing, else 0.
    let pairs: UnsafeMutablePointer<SIMD4<Int32>>
    /// The depth the solve's push pass pushed out of each pair this substep, 0 where it did not
    /// touch, as `pairs` lays them out: its friction's budget (ContactSolve).
    let pushes: UnsafeMutablePointer<Float>
    /// Each touching pair's tangential correction in total, as `pairs` lays them out (its normal
    /// one is its push); what it was when the pair last touched where it does not
    /// (ContactSolve, ContactMemory).
    let totals: UnsafeMutablePointer<Vector>
    /// The pairs the push pass found touching, by their place among their layer's pairs, closed
    /// up colour by colour from the layer's start; per layer, where each colour's begin, as in
    /// `starts`. The friction pass takes only these.
    let touching: UnsafeMutablePointer<Int32>
    private let touchingStarts: UnsafeMutablePointer<Int32>
    /// Per layer, where each bucket's pairs begin among the layer's, and where the last ends.
    let starts: UnsafeMutablePointer<Int32>
    /// Each listed pair's colour (by the grain's row), before the pairs are sorted by it.
    private let colourOfPair: UnsafeMutablePointer<UInt8>
    /// Per grain and parity, the colours its pairs in that parity's layers have taken.
    private let taken: UnsafeMutablePointer<UInt32>
    private let count: Int

    init(count: Int, stride: Int, layers: Int) {
        self.count = max(count, 1)
        pairs = .allocate(capacity: self.count * stride)
        pushes = .allocate(capacity: self.count * stride)
        totals = .allocate(capacity: self.count * stride)
        totals.initialize(repeating: .zero, count: self.count * stride)
        touching = .allocate(capacity: self.count * stride)
        touchingStarts = .allocate(capacity: layers * (Self.buckets + 1))
        touchingStarts.initialize(repeating: 0, count: layers * (Self.buckets + 1))
        starts = .allocate(capacity: layers * (Self.buckets + 1))
        starts.initialize(repeating: 0, count: layers * (Self.buckets + 1))
        colourOfPair = .allocate(capacity: self.count * stride)
        taken = .allocate(capacity: 2 * self.count)
    }

    func deallocate() {
        pairs.deallocate()
        pushes.deallocate()
        totals.deallocate()
        touching.deallocate()
        touchingStarts.deallocate()
        starts.deallocate()
        colourOfPair.deallocate()
        taken.deallocate()
    }

    /// Where the bucket starts of `layer` are, `buckets + 1` of them.
    func starts(ofLayer layer: Int) -> UnsafeMutablePointer<Int32> {
        starts + layer * (Self.buckets + 1)
    }

    /// Where the touching pairs of each colour of `layer` begin, `buckets + 1` of them.
    func touchingStarts(ofLayer layer: Int) -> UnsafeMutablePointer<Int32> {
        touchingStarts + layer * (Self.buckets + 1)
    }

    /// Colours the pairs of `layer` and sorts them by colour.
    func colour(layer: Int, of candidates: CandidatePointers, grains particles: GrainPointers) {
        let grains = candidates.grains(inLayer: layer)
        let reached = grains.lowerBound..<(layer + 1 < candidates.layers ? candidates.grains(inLayer: layer + 1).upperBound : grains.upperBound)
        let taken = self.taken + (layer & 1) * count
        (taken + reached.lowerBound).update(repeating: 0, count: reached.count)
        let starts = starts(ofLayer: layer)
        starts.update(repeating: 0, count: Self.buckets + 1)
        let stride = candidates.stride
        for i in grains {
            let row = candidates.neighbours + i * stride, colours = colourOfPair + i * stride
            for k in 0..<Int(candidates.neighbourCounts[i]) {
                let j = Int(row[k])
                let free = ~(taken[i] | taken[j])
                let first = free & (0 &- free)
                taken[i] |= first
                taken[j] |= first
                let colour = free == 0 ? Self.colours : free.trailingZeroBitCount
                colours[k] = UInt8(truncatingIfNeeded: colour)
                starts[colour + 1] &+= 1
            }
        }
        for bucket in 1...Self.buckets { starts[bucket] &+= starts[bucket - 1] }
        let pairs = self.pairs + grains.lowerBound * stride
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.buckets) { next in
            _ = next.initialize(from: UnsafeBufferPointer(start: starts, count: Self.buckets))
            for i in grains {
                let row = candidates.neighbours + i * stride, colours = colourOfPair + i * stride
                for k in 0..<Int(candidates.neighbourCounts[i]) {
                    let colour = Int(colours[k])
                    let j = Int(row[k])
                    let touching = particles.radius[i] + particles.radius[j], nearWall = particles.nearWall[i] || particles.nearWall[j]
                    pairs[Int(next[colour])] = SIMD4(Int32(truncatingIfNeeded: i), Int32(truncatingIfNeeded: j), Int32(bitPattern: touching.bitPattern), nearWall ? -1 : 0)
                    next[colour] &+= 1
                }
            }
        }
    }
}
