/// Each touching pair's totals (its push, its tangential correction) carried through a
/// relisting, by the grains' identities: before the grains are sorted, the totals go into rows by the lower identity of
/// each pair (counted, then filled, as a sparse matrix's rows are); after the new listing, each
/// pair looks for its partner in its row. A row holds a grain's few touching neighbours, so the
/// look-up is a short scan where a dictionary hashed every pair (docs/PHYSICS.md, "The cost").
final class ContactMemory {
    private var rowStart: [Int32]
    private var partner: [Int32] = []
    private var total: [Vector] = []

    init(grains: Int) {
        rowStart = Array(repeating: 0, count: grains + 1)
    }

    /// Holds no totals: the grains were moved from outside (a load, a flip).
    func forget() {
        rowStart.withUnsafeMutableBufferPointer { start in
            for k in start.indices { start[k] = 0 }
        }
    }

    /// Takes every touching pair's total from `colouring`, turned to point from the grain of
    /// lower identity.
    func collect(_ colouring: PairColouring, _ candidates: CandidatePointers, identity: UnsafeMutablePointer<Int32>) {
        rowStart.withUnsafeMutableBufferPointer { start in
            for k in start.indices { start[k] = 0 }
            forEachTouching(colouring, candidates) { pair, _ in
                start[Int(min(identity[Int(pair.x)], identity[Int(pair.y)])) + 1] += 1
            }
            for k in 1..<start.count { start[k] += start[k - 1] }
            let entries = Int(start[start.count - 1])
            if partner.count < entries {
                partner = Array(repeating: 0, count: entries)
                total = Array(repeating: .zero, count: entries)
            }
            var filled = Array(start.dropLast())
            partner.withUnsafeMutableBufferPointer { partner in
                total.withUnsafeMutableBufferPointer { total in
                    forEachTouching(colouring, candidates) { pair, applied in
                        let a = identity[Int(pair.x)], b = identity[Int(pair.y)]
                        let row = Int(min(a, b)), slot = Int(filled[row])
                        filled[row] += 1
                        partner[slot] = max(a, b)
                        total[slot] = Self.oriented(applied, lowerFirst: a < b)
                    }
                }
            }
        }
    }

    /// Gives every listed pair of `colouring` its collected totals, or none.
    func restore(_ colouring: PairColouring, _ candidates: CandidatePointers, identity: UnsafeMutablePointer<Int32>) {
        rowStart.withUnsafeBufferPointer { start in
            partner.withUnsafeBufferPointer { partner in
                total.withUnsafeBufferPointer { total in
                    Self.forEachListed(colouring, candidates) { k in
                        let pair = colouring.pairs[k]
                        let a = identity[Int(pair.x)], b = identity[Int(pair.y)]
                        let row = Int(min(a, b)), other = max(a, b)
                        var found = Vector.zero
                        for slot in Int(start[row])..<Int(start[row + 1]) where partner[slot] == other {
                            found = Self.oriented(total[slot], lowerFirst: a < b)
                            break
                        }
                        colouring.pushes[k] = found.w.magnitude
                        colouring.totals[k] = found
                    }
                }
            }
        }
    }

    private func forEachTouching(_ colouring: PairColouring, _ candidates: CandidatePointers, _ body: (SIMD4<Int32>, Vector) -> Void) {
        Self.forEachListed(colouring, candidates) { k in
            if colouring.pushes[k] > 0 { body(colouring.pairs[k], colouring.totals[k]) }
        }
    }

    /// Every listed pair's place in `colouring`, layer by layer.
    private static func forEachListed(_ colouring: PairColouring, _ candidates: CandidatePointers, _ body: (Int) -> Void) {
        for layer in 0..<candidates.layers {
            let first = candidates.grains(inLayer: layer).lowerBound * candidates.stride
            let end = Int(colouring.starts(ofLayer: layer)[PairColouring.buckets])
            for k in first..<(first + end) { body(k) }
        }
    }

    /// A pair's totals as seen from its first grain, kept from the grain of lower identity: the
    /// tangential one turned round where the first grain's identity is the higher.
    private static func oriented(_ totals: Vector, lowerFirst: Bool) -> Vector {
        lowerFirst ? totals : Vector(-totals.x, -totals.y, -totals.z, totals.w)
    }
}
