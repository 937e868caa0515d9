import CFastMath

/// The contact solve over runs of sorted grains: each listed pair, one after another
/// (Gauss–Seidel), so each correction is seen by the next contact and support propagates up a
/// pile within one pass.
struct ContactSolve {
    let step: Substep

    /// The layers `next` hands out, two at a time: a grain of each in turn, a pair of each in
    /// turn, so the processor has two chains of pushes that share no grain to overlap (each pair
    /// waits for the one before it on the same grain). Two layers of one parity share no grain,
    /// so this gives the same grains as solving them one after the other.
    func resolveLayers(_ next: () -> Range<Int>?) {
        var first = next() ?? 0..<0, second = next() ?? 0..<0
        while true {
            if first.isEmpty { first = next() ?? 0..<0 }
            if second.isEmpty { second = next() ?? 0..<0 }
            guard !first.isEmpty, !second.isEmpty else { break }
            var a = GrainPairs(first.lowerBound, step), b = GrainPairs(second.lowerBound, step)
            for k in 0..<max(a.count, b.count) {
                if k < a.count { a.resolve(k, step) }
                if k < b.count { b.resolve(k, step) }
            }
            a.end(step)
            b.end(step)
            first = first.dropFirst()
            second = second.dropFirst()
        }
        for i in first.isEmpty ? second : first {
            var a = GrainPairs(i, step)
            for k in 0..<a.count { a.resolve(k, step) }
            a.end(step)
        }
    }
}

/// Grain i through its own pairs. They come one after another and no other pair moves it
/// meanwhile (pairs run from the earlier grain), so it is held in registers through them.
struct GrainPairs {
    let i: Int
    var p: SIMD3<Float>
    let start: SIMD3<Float>
    let radius: Float
    let nearWall: Bool
    let row: UnsafeMutablePointer<Int32>
    let count: Int
    /// Which pairs touched last time: a guess read from memory, so the branch on it is settled
    /// at once and a wrong guess costs little, where the test of the distance waits for every
    /// push before it; that test then nearly always goes the way guessed.
    let touchedBefore: UInt32
    var touchedNow: UInt32 = 0

    @inline(__always)
    init(_ i: Int, _ step: Substep) {
        let grains = step.grains, candidates = step.candidates
        self.i = i
        p = grains.position[i].xyz
        start = grains.start[i].xyz
        radius = grains.radius[i]
        nearWall = grains.nearWall[i]
        row = candidates.neighbours + i * candidates.stride
        count = Int(candidates.neighbourCounts[i])
        touchedBefore = candidates.touchedBefore[i]
    }

    @inline(__always)
    mutating func resolve(_ k: Int, _ step: Substep) {
        let grains = step.grains
        let j = Int(row[k])
        let q = grains.position[j].xyz
        let delta = p - q
        let touching = radius + grains.radius[j]
        let distanceSquared = (delta * delta).sum()
        if touchedBefore & (1 &<< UInt32(truncatingIfNeeded: k)) != 0 {
            guard distanceSquared < touching * touching, distanceSquared > 1e-12 else { return }
            p = push(j, q, delta: delta, distanceSquared: distanceSquared, touching: touching, step)
            touchedNow |= 1 &<< UInt32(truncatingIfNeeded: k)
        } else if distanceSquared < touching * touching, distanceSquared > 1e-12 {
            p = pushUnguessed(j, q, delta: delta, distanceSquared: distanceSquared, touching: touching, step)
            touchedNow |= 1 &<< UInt32(truncatingIfNeeded: k)
        }
    }

    @inline(__always)
    func end(_ step: Substep) {
        step.grains.position[i] = Vector(p, 0)
        step.candidates.touchedBefore[i] = touchedNow
        if touchedNow != 0 { step.grains.supported[i] = true }
    }

    /// A pair that touches where it did not last time: rarer, and kept out of line so the
    /// compiler keeps the branch on the guess apart from the test of the distance.
    @inline(never)
    func pushUnguessed(_ j: Int, _ q: SIMD3<Float>, delta: SIMD3<Float>, distanceSquared: Float, touching: Float, _ step: Substep) -> SIMD3<Float> {
        push(j, q, delta: delta, distanceSquared: distanceSquared, touching: touching, step)
    }

    /// Half the overlap and half the sliding to each grain (Friction), then both back inside the
    /// glass: in the neck two grains side by side must part along it, not be put back on top of
    /// each other by the wall afterwards. The sliding is taken before the push, which lies along
    /// the normal that friction removes: the same answer, without waiting for the push. Returns
    /// grain i's new place; grain j's is stored.
    @inline(__always)
    func push(_ j: Int, _ q: SIMD3<Float>, delta: SIMD3<Float>, distanceSquared: Float, touching: Float, _ step: Substep) -> SIMD3<Float> {
        let grains = step.grains, collider = step.collider, share = PhysicsConstants.contactShare
        let sliding = (p - start) - (q - grains.start[j].xyz)
        let inverseDistance = fast_inverse_square_root(distanceSquared)
        let distance = distanceSquared * inverseDistance
        let normal = delta * inverseDistance
        let depth = touching - distance
        let slide = Friction.correction(sliding: sliding, normal: normal, depth: depth)
        let move = normal * (depth * share) - slide * share
        var p = p + move, q = q - move
        if nearWall { p = collider.insideWall(p, radius: radius) }
        if grains.nearWall[j] { q = collider.insideWall(q, radius: grains.radius[j]) }
        grains.position[j] = Vector(q, 0)
        grains.supported[j] = true
        return p
    }
}
