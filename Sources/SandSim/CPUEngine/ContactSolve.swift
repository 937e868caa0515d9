import CFastMath

/// The contact solve of one layer of cells: its pairs colour by colour (PairColouring), four of
/// one colour at a time in the lanes of SIMD4s. The pairs of a colour share no grain, so the four
/// are independent, and so is each four from the next: the processor overlaps them, where pairs
/// taken one after another on the same grain each waited for the push before. Colour after
/// colour, each push is seen by the pairs after it (Gauss–Seidel), so support still propagates
/// up a pile within one pass.
struct ContactSolve {
    let step: Substep

    func resolve(layer: Int) {
        let colouring = step.candidates.colouring
        let starts = colouring.starts(ofLayer: layer)
        let pairs = colouring.pairs + step.candidates.grains(inLayer: layer).lowerBound * step.candidates.stride
        var next = 0
        for colour in 0..<PairColouring.colours {
            let end = Int(starts[colour + 1])
            while next < end {
                resolve(pairs + next, count: min(end - next, 4))
                next += 4
            }
            next = end
        }
        while next < Int(starts[PairColouring.buckets]) {
            resolve(pairs + next, count: 1)
            next += 1
        }
    }

    /// Up to four pairs that share no grain. Each pair's overlap is pushed apart, half to each
    /// grain, with friction's correction to their sliding (Friction); the sliding is taken before
    /// the push, which lies along the normal that friction removes. Lanes past `count` repeat the
    /// first pair: they come to the same grains as it, and store the same. Without a branch on
    /// whether a pair touches, which the processor could not guess.
    @inline(__always)
    private func resolve(_ pairs: UnsafeMutablePointer<SIMD4<Int32>>, count: Int) {
        let grains = step.grains, share = SIMD4(repeating: PhysicsConstants.contactShare)
        let a = pairs[0], b = pairs[count > 1 ? 1 : 0], c = pairs[count > 2 ? 2 : 0], d = pairs[count > 3 ? 3 : 0]
        let records = fast_transpose(unsafeBitCast(a, to: Vector.self), unsafeBitCast(b, to: Vector.self),
                                     unsafeBitCast(c, to: Vector.self), unsafeBitCast(d, to: Vector.self))
        let i = (Int(a.x), Int(b.x), Int(c.x), Int(d.x)), j = (Int(a.y), Int(b.y), Int(c.y), Int(d.y))
        var p = (grains.position[i.0], grains.position[i.1], grains.position[i.2], grains.position[i.3])
        var q = (grains.position[j.0], grains.position[j.1], grains.position[j.2], grains.position[j.3])
        @inline(__always)
        func sliding(_ p: Vector, _ i: Int, _ q: Vector, _ j: Int) -> Vector { (p - grains.start[i]) - (q - grains.start[j]) }
        let delta = VectorLanes(p.0 - q.0, p.1 - q.1, p.2 - q.2, p.3 - q.3)
        let slid = VectorLanes(sliding(p.0, i.0, q.0, j.0), sliding(p.1, i.1, q.1, j.1), sliding(p.2, i.2, q.2, j.2), sliding(p.3, i.3, q.3, j.3))
        let touching = records.z
        let distanceSquared = delta.dot(delta)
        let touches = (distanceSquared .< touching * touching) .& (distanceSquared .> 1e-12)
        let inverseDistance = fastInverseSquareRoot(distanceSquared)
        let normal = delta * inverseDistance
        let depth = touching - distanceSquared * inverseDistance
        let slide = Friction.correction(sliding: slid, normal: normal, depth: depth)
        let pushed = normal * (depth * share), slidden = slide * share
        let move = (pushed - slidden).kept(where: touches).vectors
        p = (p.0 + move.0, p.1 + move.1, p.2 + move.2, p.3 + move.3)
        q = (q.0 - move.0, q.1 - move.1, q.2 - move.2, q.3 - move.3)
        (grains.position[i.0], grains.position[j.0]) = (p.0, q.0)
        (grains.position[i.1], grains.position[j.1]) = (p.1, q.1)
        (grains.position[i.2], grains.position[j.2]) = (p.2, q.2)
        (grains.position[i.3], grains.position[j.3]) = (p.3, q.3)
        let touched = unsafeBitCast(touches, to: SIMD4<Int32>.self) & 1
        @inline(__always)
        func support(_ i: Int, _ j: Int, _ touched: Int32) {
            grains.supported[i] = grains.supported[i] || touched != 0
            grains.supported[j] = grains.supported[j] || touched != 0
        }
        support(i.0, j.0, touched[0])
        support(i.1, j.1, touched[1])
        support(i.2, j.2, touched[2])
        support(i.3, j.3, touched[3])
        let nearWall = touches .& (unsafeBitCast(records.w, to: SIMD4<Int32>.self) .!= 0)
        if any(nearWall) { insideWall(pairs, count: count, nearWall) }
    }

    /// A pushed pair's grains that are near the wall put back inside it: in the neck two grains
    /// side by side must part along it, not be put back on top of each other by the wall
    /// afterwards. Out of line, as few pairs are near it.
    @inline(never)
    private func insideWall(_ pairs: UnsafeMutablePointer<SIMD4<Int32>>, count: Int, _ nearWall: SIMDMask<SIMD4<Int32>>) {
        let grains = step.grains, collider = step.collider
        func insideWall(_ grain: Int) {
            guard grains.nearWall[grain] else { return }
            grains.position[grain] = Vector(collider.insideWall(grains.position[grain].xyz, radius: grains.radius[grain]), 0)
        }
        for lane in 0..<count where nearWall[lane] {
            insideWall(Int(pairs[lane].x))
            insideWall(Int(pairs[lane].y))
        }
    }
}
