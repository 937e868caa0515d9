import CFastMath

/// The contact solve of one layer of cells: its pairs colour by colour (PairColouring), eight of
/// one colour at a time in the lanes of SIMD8s. The pairs of a colour share no grain, so the eight
/// are independent, and so is each eight from the next: the processor overlaps them, where pairs
/// taken one after another on the same grain each waited for the push before. Colour after
/// colour, each push is seen by the pairs after it (Gauss–Seidel), so support still propagates
/// up a pile within one pass.
///
/// A substep solves every pair twice (`ContactPhase`): first each pair's overlap, adding to the
/// normal total it remembers or taking it back but never below zero, then each touching pair's
/// friction, its tangential total bounded by μ × the normal total. Each pair remembers its
/// totals into the next substep, whose push pass applies them again (a warm start, Box2D's
/// accumulated impulses in positions), summed per grain: each layer's pairs' share just before
/// that layer's pushes. Warm-starting every layer before any push let a loose pile tilted 25°
/// slide where this order held it (docs/PHYSICS.md, "Open"). The remembered normal
/// total grows by at most `rememberedGrowth` × g·dt² a substep: a load builds up over substeps,
/// while an impact's push, warm-started, threw the grains apart again. A pair's friction taken right after its
/// own push saw the sliding that its neighbours' pushes were about to take back, spent its
/// budget on that and let a resting grain slide (docs/PHYSICS.md, "Friction after the
/// pushes"); without the warm start a resting pile's pushes asked of friction more than one
/// substep's overlap allowed, and a slope crept down ("Warm-started contacts").
struct ContactSolve {
    let step: Substep
    /// Up against the gravity of the moment, in every lane.
    let up: VectorLanes
    /// A pair in the chamber below, against that gravity, has its grains' heights times `upY`
    /// under `belowNeck`: the heights along the glass's axis, as the chambers are.
    let upY: VectorLanes.Lanes, belowNeck: VectorLanes.Lanes
    /// Half the upper grain's lean (PhysicsConstants.supportLean).
    let lean = VectorLanes.Lanes(repeating: PhysicsConstants.supportLean / 2)
    /// Friction at rest: how much the kinetic share rises at rest, and the sliding speed at
    /// which it has not risen at all, inverted.
    let restGain = VectorLanes.Lanes(repeating: PhysicsConstants.restFriction - PhysicsConstants.kineticFriction)
    let restSpeedInverse: VectorLanes.Lanes
    /// The most a remembered normal total may grow in a substep.
    let growth: VectorLanes.Lanes

    init(step: Substep) {
        self.step = step
        up = VectorLanes(step.rules.up)
        upY = VectorLanes.Lanes(repeating: step.rules.up.y)
        belowNeck = VectorLanes.Lanes(repeating: -PhysicsConstants.neckHalfHeight * abs(step.rules.up.y))
        restSpeedInverse = VectorLanes.Lanes(repeating: 1 / (PhysicsConstants.restSpeed * step.rules.parameters.speedScale))
        let weight = (step.gravity * step.gravity).sum().squareRoot() * step.rules.subDt * step.rules.subDt
        growth = VectorLanes.Lanes(repeating: PhysicsConstants.rememberedGrowth * weight)
    }

    /// The push pass takes every listed pair of the layer, keeps each one's depth in `pushes`
    /// (0 where it does not touch) and writes the touching ones' places to `touching`, closed up
    /// colour by colour; the friction pass takes only those, eight at a time in the same order
    /// (a settled pile touches about half the pairs it lists). Before its pushes, the push pass
    /// adds the warm start that the layer's pairs summed for its grains and the next layer's.
    func resolve(layer: Int) {
        let colouring = step.candidates.colouring
        let first = step.candidates.grains(inLayer: layer).lowerBound * step.candidates.stride
        let pairs = colouring.pairs + first, pushes = colouring.pushes + first, touching = colouring.touching + first
        let totals = colouring.totals + first
        let kept = colouring.touchingStarts(ofLayer: layer)
        let push = step.phase == .push
        let starts = push ? colouring.starts(ofLayer: layer) : kept
        let layerGrains = step.candidates.grains(inLayer: layer)
        if push {
            // The warm start in the layers' order: this layer's pairs move its grains and the
            // next layer's, which that layer's own pairs move only once these pushes are done.
            let grains = step.grains
            for k in layerGrains {
                grains.position[k] += grains.warmOwn[k]
                grains.warmOwn[k] = .zero
            }
            for k in layer + 1 < step.candidates.layers ? step.candidates.grains(inLayer: layer + 1) : layerGrains.upperBound..<layerGrains.upperBound {
                grains.position[k] += grains.warmBefore[k]
                grains.warmBefore[k] = .zero
            }
        }
        var next = 0, written = 0
        @inline(__always)
        func batch(from next: Int, count: Int) {
            let index = push ? eight { next + ($0 < count ? $0 : 0) } : eight { Int(touching[next + ($0 < count ? $0 : 0)]) }
            let touches = resolve(pairs, pushes, totals, index, count: count, layerEnd: layerGrains.upperBound)
            if push { written += keep(touches, from: next, count: count, into: touching + written) }
        }
        for colour in 0..<PairColouring.colours {
            let end = Int(starts[colour + 1])
            // Whole batches with their count a constant, so no lane works out whether it is past it.
            while end - next >= 8 {
                batch(from: next, count: 8)
                next += 8
            }
            if next < end { batch(from: next, count: end - next) }
            next = end
            if push { kept[colour + 1] = Int32(written) }
        }
        while next < Int(starts[PairColouring.buckets]) {
            batch(from: next, count: 1)
            next += 1
        }
        if push { kept[PairColouring.buckets] = Int32(written) }
    }

    /// Writes the places of the touching pairs among `count` from `first` to `kept`, closed up,
    /// and says how many: for a whole batch in one shuffle and one store, as a branch a lane on
    /// whether it touches was a guess the processor missed about half the time.
    @inline(__always)
    private func keep(_ touches: VectorLanes.Mask, from first: Int, count: Int, into kept: UnsafeMutablePointer<Int32>) -> Int {
        guard count == 8 else {
            var written = 0
            for lane in 0..<count where touches[lane] != 0 {
                kept[written] = Int32(truncatingIfNeeded: first + lane)
                written += 1
            }
            return written
        }
        let places = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: first)) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
        return Int(fast_left_pack8(touches, places, kept))
    }

    /// Up to eight pairs (`pairs[index]`) of a layer that share no grain, in this substep's phase, each
    /// pair's totals (the normal correction in `pushes[index]`, the tangential one in
    /// `totals[index]`) carried from phase to phase and substep to substep. The push adds the
    /// overlap to the normal total remembered, or takes back what no longer overlaps, never
    /// below zero, and keeps the total in `pushes` (0 where the pair no longer touches, its
    /// totals then forgotten).
    /// Friction bounds the tangential total, the remembered one plus this substep's sliding, by
    /// μ × the normal total (Friction), its kinetic share rising to `restFriction` as the
    /// pair's sliding slows to rest; then it remembers both totals for the next substep (the
    /// normal one also in the tangential slot's fourth lane, for the next friction pass to
    /// bound its growth by, as the push overwrites `pushes`), and adds their corrections to
    /// the grains' warm start (`warmBefore` for a grain past the layer's end, `layerEnd`). Each grain
    /// takes half, but in the chamber below, where sand comes to rest: there the upper grain
    /// against gravity takes ½(1 + λ n·up), the lower the rest (λ: `supportLean`), so a grain
    /// resting on another moves more than the one under it, which its own supports hold (shock
    /// propagation made smooth and partial; with half each the pushes of one ordered pass wedged
    /// resting grains apart a little every substep, with all to the upper grain a large pile's
    /// overlaps grew deep). Above the neck half each: there the uneven shares, which do not keep
    /// momentum, spun the sand waiting to drain about the axis and slowed the drain
    /// (docs/PHYSICS.md, "Friction after the pushes"). Lanes past `count` repeat the first pair:
    /// they come to the same grains as it, and store the same. The push pass's indices follow
    /// one another. Without a branch on whether a pair touches, which the processor could not
    /// guess.
    @inline(__always)
    private func resolve(_ pairs: UnsafeMutablePointer<SIMD4<Int32>>, _ pushes: UnsafeMutablePointer<Float>, _ totals: UnsafeMutablePointer<Vector>,
                         _ index: Eight<Int>, count: Int, layerEnd: Int) -> VectorLanes.Mask {
        typealias Lanes = VectorLanes.Lanes
        let grains = step.grains
        let records = map(index) { pairs[$0] }
        let fields = map(records) { unsafeBitCast($0, to: Vector.self) }
        let i = map(records) { Int($0.x) }, j = map(records) { Int($0.y) }
        let p = map(i) { grains.position[$0] }, q = map(j) { grains.position[$0] }
        let delta = VectorLanes(zip(p, q, -))
        let distanceSquared = delta.dot(delta)
        let inverseDistance = fastInverseSquareRoot(distanceSquared)
        let normal = delta * inverseDistance
        let apart = less(Lanes(repeating: 1e-12), distanceSquared)
        // The normal total: the push's, kept in `pushes`, 0 where the pair does not touch.
        let lastNormal: Lanes
        if step.phase == .push && count == 8 {
            lastNormal = UnsafeRawPointer(pushes + index.0).loadUnaligned(as: Lanes.self)
        } else {
            let stored = map(index) { pushes[$0] }
            lastNormal = Lanes(stored.0, stored.1, stored.2, stored.3, stored.4, stored.5, stored.6, stored.7)
        }
        // The pairs that move: in the push, also those that parted and take their total back.
        let touches: VectorLanes.Mask, moves: VectorLanes.Mask, correction: VectorLanes
        switch step.phase {
        case .push:
            let touching = transpose(fields, row: 2)
            let change = maximum(touching - distanceSquared * inverseDistance, Lanes(repeating: 0) - lastNormal)
            let total = lastNormal + change
            touches = less(.zero, total) & apart
            moves = touches | (less(.zero, lastNormal) & apart)
            let depth = select(touches, total, .zero)
            if count == 8 {
                UnsafeMutableRawPointer(pushes + index.0).storeBytes(of: depth, as: Lanes.self)
            } else {
                for lane in 0..<count { pushes[index.0 + lane] = depth[lane] }
            }
            // A pair that touches anew starts with no tangential total (its slot may hold one from
            // when it last touched); few do in a batch.
            let anew = touches & ~less(.zero, lastNormal)
            if any(anew) {
                for lane in 0..<count where anew[lane] != 0 {
                    totals[withUnsafeBytes(of: index) { $0.load(fromByteOffset: lane * MemoryLayout<Int>.stride, as: Int.self) }] = .zero
                }
            }
            correction = normal * select(moves, change, .zero)
        case .friction:
            let depth = lastNormal
            touches = less(.zero, depth)
            moves = touches
            let fromStartP = zip(p, i) { $0 - grains.start[$1] }, fromStartQ = zip(q, j) { $0 - grains.start[$1] }
            let stored = map(index) { totals[$0] }
            let last = VectorLanes(stored)
            let applied = last - normal * last.dot(normal)
            let velocity = VectorLanes(zip(map(i) { grains.velocity[$0] }, map(j) { grains.velocity[$0] }, -))
            let slidingVelocity = velocity - normal * velocity.dot(normal)
            let rest = maximum(.zero, Lanes(repeating: 1) - slidingVelocity.dot(slidingVelocity).squareRoot() * restSpeedInverse)
            let kinetic = Lanes(repeating: PhysicsConstants.kineticFriction) + restGain * rest
            let slide = Friction.correction(sliding: VectorLanes(zip(fromStartP, fromStartQ, -)) - applied, normal: normal, depth: depth,
                                            staticFriction: maximum(Lanes(repeating: PhysicsConstants.staticFriction), kinetic), kineticFriction: kinetic)
            let total = VectorLanes(x: .zero, y: .zero, z: .zero) - slide
            correction = total - applied
            // Remembered: the normal total at most `growth` past what this substep began with (at
            // least the smallest positive float, which marks the pair as touching), the
            // tangential one in proportion.
            let remembered = maximum(minimum(depth, transpose(stored, row: 3) + growth), Lanes(repeating: .leastNormalMagnitude))
            let tangential = total * (remembered / depth)
            let keep = tangential.vectors(w: remembered)
            // Friction runs over touching pairs only, so every lane keeps its totals; the lanes
            // past a short batch's count repeat its first pair and store the same.
            totals[index.7] = keep.7; totals[index.6] = keep.6; totals[index.5] = keep.5; totals[index.4] = keep.4
            totals[index.3] = keep.3; totals[index.2] = keep.2; totals[index.1] = keep.1; totals[index.0] = keep.0
            pushes[index.7] = remembered[7]; pushes[index.6] = remembered[6]; pushes[index.5] = remembered[5]; pushes[index.4] = remembered[4]
            pushes[index.3] = remembered[3]; pushes[index.2] = remembered[2]; pushes[index.1] = remembered[1]; pushes[index.0] = remembered[0]
            warmStart(i, j, normal * remembered + tangential, normal: normal, y: (transpose(p, row: 1) + transpose(q, row: 1)) * Lanes(repeating: 0.5),
                      count: count, layerEnd: layerEnd)
        }
        let half = Lanes(repeating: 0.5), y = (transpose(p, row: 1) + transpose(q, row: 1)) * half
        let lift = (correction * (lean * normal.dot(up))).kept(where: less(y * upY, belowNeck))
        let move = (correction * half + lift).kept(where: moves).vectors(w: .zero)
        let back = (correction * half - lift).kept(where: moves).vectors(w: .zero)
        @inline(__always)
        func push(_ i: Int, _ j: Int, _ p: Vector, _ q: Vector, _ move: Vector, _ back: Vector) {
            grains.position[i] = p + move
            grains.position[j] = q - back
        }
        push(i.0, j.0, p.0, q.0, move.0, back.0)
        push(i.1, j.1, p.1, q.1, move.1, back.1)
        push(i.2, j.2, p.2, q.2, move.2, back.2)
        push(i.3, j.3, p.3, q.3, move.3, back.3)
        push(i.4, j.4, p.4, q.4, move.4, back.4)
        push(i.5, j.5, p.5, q.5, move.5, back.5)
        push(i.6, j.6, p.6, q.6, move.6, back.6)
        push(i.7, j.7, p.7, q.7, move.7, back.7)
        let nearWall = moves & unsafeBitCast(transpose(fields, row: 3), to: SIMD8<Int32>.self)
        if any(nearWall) { insideWall(pairs, index, count: count, nearWall) }
        return touches
    }

    /// Adds each pair's remembered correction, shared as its pushes are, to its grains' warm
    /// start: the lower grain's is of the pair's layer, the upper one's too unless it lies in
    /// the next layer (only the first `count` lanes: the others repeat a pair).
    @inline(__always)
    private func warmStart(_ i: Eight<Int>, _ j: Eight<Int>, _ correction: VectorLanes, normal: VectorLanes, y: VectorLanes.Lanes, count: Int, layerEnd: Int) {
        let grains = step.grains
        let lift = (correction * (lean * normal.dot(up))).kept(where: less(y * upY, belowNeck))
        let move = (correction * VectorLanes.Lanes(repeating: 0.5) + lift).vectors(w: .zero)
        let back = (correction * VectorLanes.Lanes(repeating: 0.5) - lift).vectors(w: .zero)
        @inline(__always)
        func add(_ i: Int, _ j: Int, _ move: Vector, _ back: Vector) {
            grains.warmOwn[i] += move
            (j < layerEnd ? grains.warmOwn : grains.warmBefore)[j] -= back
        }
        if count == 8 {
            add(i.0, j.0, move.0, back.0); add(i.1, j.1, move.1, back.1); add(i.2, j.2, move.2, back.2); add(i.3, j.3, move.3, back.3)
            add(i.4, j.4, move.4, back.4); add(i.5, j.5, move.5, back.5); add(i.6, j.6, move.6, back.6); add(i.7, j.7, move.7, back.7)
        } else {
            add(i.0, j.0, move.0, back.0)
            if count > 1 { add(i.1, j.1, move.1, back.1) }
            if count > 2 { add(i.2, j.2, move.2, back.2) }
            if count > 3 { add(i.3, j.3, move.3, back.3) }
            if count > 4 { add(i.4, j.4, move.4, back.4) }
            if count > 5 { add(i.5, j.5, move.5, back.5) }
            if count > 6 { add(i.6, j.6, move.6, back.6) }
        }
    }

    /// A pushed pair's grains that are near the wall put back inside it: in the neck two grains
    /// side by side must part along it, not be put back on top of each other by the wall
    /// afterwards. Out of line, as few pairs are near it.
    @inline(never)
    private func insideWall(_ pairs: UnsafeMutablePointer<SIMD4<Int32>>, _ index: Eight<Int>, count: Int, _ nearWall: VectorLanes.Mask) {
        let grains = step.grains, collider = step.collider
        func insideWall(_ grain: Int) {
            guard grains.nearWall[grain] else { return }
            let p = grains.position[grain]
            grains.position[grain] = Vector(collider.insideWall(p.xyz, radius: grains.radius[grain]), p.w)
        }
        for lane in 0..<count where nearWall[lane] != 0 {
            let pair = pairs[withUnsafeBytes(of: index) { $0.load(fromByteOffset: lane * MemoryLayout<Int>.stride, as: Int.self) }]
            insideWall(Int(pair.x))
            insideWall(Int(pair.y))
        }
    }
}

/// One value for each of the wide solve's eight lanes, in registers rather than an array. Its
/// generic helpers are in this file, where the solve is: file by file (debug builds) the
/// optimiser specialises a generic function only within its own file, and unspecialised they
/// made the tests' solve six times slower.
typealias Eight<T> = (T, T, T, T, T, T, T, T)

@inline(__always)
private func eight<T>(_ make: (Int) -> T) -> Eight<T> {
    (make(0), make(1), make(2), make(3), make(4), make(5), make(6), make(7))
}

/// Which part of the pair solve a batch does (ContactSolve), in this order.
enum ContactPhase: CaseIterable {
    /// Each pair's overlap pushed out, the push kept.
    case push
    /// Each pair's friction, bounded by μ × the push kept.
    case friction
}

@inline(__always)
private func map<T, U>(_ t: Eight<T>, _ f: (T) -> U) -> Eight<U> {
    (f(t.0), f(t.1), f(t.2), f(t.3), f(t.4), f(t.5), f(t.6), f(t.7))
}

@inline(__always)
private func zip<A, B, U>(_ a: Eight<A>, _ b: Eight<B>, _ f: (A, B) -> U) -> Eight<U> {
    (f(a.0, b.0), f(a.1, b.1), f(a.2, b.2), f(a.3, b.3), f(a.4, b.4), f(a.5, b.5), f(a.6, b.6), f(a.7, b.7))
}
