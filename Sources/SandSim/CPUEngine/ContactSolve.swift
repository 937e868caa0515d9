import CFastMath

/// The contact solve of one layer of cells: its pairs colour by colour (PairColouring), eight of
/// one colour at a time in the lanes of SIMD8s. The pairs of a colour share no grain, so the eight
/// are independent, and so is each eight from the next: the processor overlaps them, where pairs
/// taken one after another on the same grain each waited for the push before. Colour after
/// colour, each push is seen by the pairs after it (Gauss–Seidel), so support still propagates
/// up a pile within one pass.
///
/// A substep solves every pair twice (`ContactPhase`): first each pair's overlap, then each
/// touching pair's friction, its tangential total bounded by μ × the normal total. Each pair
/// remembers both totals into the next substep, whose push pass applies them again along the
/// pair's present normal just before pushing it out (a warm start, Box2D's accumulated impulses
/// in positions), then adds to the normal total or takes it back, never below zero. The
/// remembered normal total grows by at most `rememberedGrowth` × g·dt² a substep: a load builds
/// up over substeps, while an impact's push, warm-started, threw the grains apart again. A
/// pair's friction taken right after its own push saw the sliding that its neighbours' pushes
/// were about to take back, spent its budget on that and let a resting grain slide
/// (docs/PHYSICS.md, "Friction after the pushes"); without the warm start a resting pile's
/// pushes asked of friction more than one substep's overlap allowed, and a slope crept down.
/// In the chamber below, a pair that slid slower than `restSpeed` last substep has
/// `restFriction`, one that slid faster the kinetic share: static friction that a slide must
/// first overcome. Above it and in the neck, where sand must run, such pairs arched across the
/// neck and stalled a drain (docs/PHYSICS.md, "Friction that remembers"); in the neck a pair
/// remembers nothing.
struct ContactSolve {
    let step: Substep
    /// Up against the gravity of the moment, in every lane.
    let up: VectorLanes
    /// A pair in the chamber below, against that gravity, has its grains' heights times `upY`
    /// under `belowNeck`: the heights along the glass's axis, as the chambers are.
    let upY: VectorLanes.Lanes, belowNeck: VectorLanes.Lanes
    /// Half the upper grain's lean (PhysicsConstants.supportLean).
    let lean = VectorLanes.Lanes(repeating: PhysicsConstants.supportLean / 2)
    /// The square of the most a pair may slide in a substep and still be at rest.
    let restSlip: VectorLanes.Lanes
    /// The most a remembered normal total may grow in a substep.
    let growth: VectorLanes.Lanes

    init(step: Substep) {
        self.step = step
        up = VectorLanes(step.rules.up)
        upY = VectorLanes.Lanes(repeating: step.rules.up.y)
        belowNeck = VectorLanes.Lanes(repeating: -PhysicsConstants.neckHalfHeight * abs(step.rules.up.y))
        let slip = PhysicsConstants.restSpeed * step.rules.parameters.speedScale * step.rules.subDt
        restSlip = VectorLanes.Lanes(repeating: slip * slip)
        let weight = (step.gravity * step.gravity).sum().squareRoot() * step.rules.subDt * step.rules.subDt
        growth = VectorLanes.Lanes(repeating: PhysicsConstants.rememberedGrowth * weight)
    }

    /// The push pass takes every listed pair of the layer, keeps each one's depth in `pushes`
    /// (0 where it does not touch) and writes the touching ones' places to `touching`, closed up
    /// colour by colour; the friction pass takes only those, eight at a time in the same order
    /// (a settled pile touches about half the pairs it lists).
    func resolve(layer: Int) {
        let colouring = step.candidates.colouring
        let first = step.candidates.grains(inLayer: layer).lowerBound * step.candidates.stride
        let pairs = colouring.pairs + first, pushes = colouring.pushes + first, touching = colouring.touching + first
        let totals = colouring.totals + first
        let kept = colouring.touchingStarts(ofLayer: layer)
        let push = step.phase == .push
        let starts = push ? colouring.starts(ofLayer: layer) : kept
        var next = 0, written = 0
        @inline(__always)
        func batch(from next: Int, count: Int) {
            let index = push ? eight { next + ($0 < count ? $0 : 0) } : eight { Int(touching[next + ($0 < count ? $0 : 0)]) }
            let touches = resolve(pairs, pushes, totals, index, count: count)
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
    /// `totals[index]`, whose fourth lane is the normal total the substep began with, negative
    /// where the pair slid) carried from phase to phase and substep to substep. The push first
    /// applies both totals again along the pair's present normal, then adds the overlap left to
    /// the normal total, or takes back what no longer overlaps, never below zero, and keeps the
    /// total in `pushes` (0 where the pair no longer touches, its totals then forgotten).
    /// Friction bounds the tangential total, the remembered one plus this substep's sliding, by
    /// μ × the normal total (Friction), μ being `restFriction` where the pair slid slower than
    /// `restSpeed` last substep in the chamber below; then it remembers both totals for the next
    /// substep. Each grain takes half of a correction, but in the chamber below, where sand
    /// comes to rest: there the upper grain
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
                         _ index: Eight<Int>, count: Int) -> VectorLanes.Mask {
        typealias Lanes = VectorLanes.Lanes
        let grains = step.grains
        let records = map(index) { pairs[$0] }
        let fields = map(records) { unsafeBitCast($0, to: Vector.self) }
        let i = map(records) { Int($0.x) }, j = map(records) { Int($0.y) }
        var p = VectorLanes(map(i) { grains.position[$0] }), q = VectorLanes(map(j) { grains.position[$0] })
        let half = Lanes(repeating: 0.5), y = (p.y + q.y) * half
        let below = less(y * upY, belowNeck)
        /// Moves the pair's grains apart by `correction`, each its share.
        @inline(__always)
        func share(_ correction: VectorLanes, normal: VectorLanes) {
            let lift = (correction * (lean * normal.dot(up))).kept(where: below)
            p = p + correction * half + lift
            q = q - (correction * half - lift)
        }
        var delta = p - q
        var distanceSquared = delta.dot(delta)
        var normal = delta * fastInverseSquareRoot(distanceSquared)
        let apart = less(Lanes(repeating: 1e-12), distanceSquared)
        // The normal total: the push's, kept in `pushes`, 0 where the pair does not touch.
        let lastNormal: Lanes
        if step.phase == .push && count == 8 {
            lastNormal = UnsafeRawPointer(pushes + index.0).loadUnaligned(as: Lanes.self)
        } else {
            let stored = map(index) { pushes[$0] }
            lastNormal = Lanes(stored.0, stored.1, stored.2, stored.3, stored.4, stored.5, stored.6, stored.7)
        }
        let stored = map(index) { totals[$0] }
        let last = VectorLanes(stored)
        let applied = last - normal * last.dot(normal)
        let touches: VectorLanes.Mask, moves: VectorLanes.Mask
        switch step.phase {
        case .push:
            // The warm start, where the pair touched last substep (elsewhere its slot may hold the
            // totals of when it last touched).
            let touched = less(.zero, lastNormal) & apart
            share((normal * lastNormal + applied).kept(where: touched), normal: normal)
            delta = p - q
            distanceSquared = delta.dot(delta)
            let inverseDistance = fastInverseSquareRoot(distanceSquared)
            normal = delta * inverseDistance
            let touching = transpose(fields, row: 2)
            let change = maximum(touching - distanceSquared * inverseDistance, Lanes(repeating: 0) - lastNormal)
            let total = lastNormal + change
            touches = less(.zero, total) & apart
            let depth = select(touches, total, .zero)
            if count == 8 {
                UnsafeMutableRawPointer(pushes + index.0).storeBytes(of: depth, as: Lanes.self)
            } else {
                for lane in 0..<count { pushes[index.0 + lane] = depth[lane] }
            }
            // A pair that touches anew starts with no tangential total and as sliding; few do
            // in a batch.
            let anew = touches & ~touched
            if any(anew) {
                for lane in 0..<count where anew[lane] != 0 {
                    totals[withUnsafeBytes(of: index) { $0.load(fromByteOffset: lane * MemoryLayout<Int>.stride, as: Int.self) }] = .zero
                }
            }
            moves = touches | touched
            share((normal * change).kept(where: moves), normal: normal)
        case .friction:
            let depth = lastNormal
            touches = less(.zero, depth)
            moves = touches
            let beganWith = transpose(stored, row: 3)
            let fromStart = VectorLanes(zip(map(i) { grains.start[$0] }, map(j) { grains.start[$0] }, -))
            let kinetic = select(less(.zero, beganWith) & below, Lanes(repeating: PhysicsConstants.restFriction), Lanes(repeating: PhysicsConstants.kineticFriction))
            let friction = Friction.held(sliding: p - q - fromStart - applied, normal: normal, depth: depth,
                                         staticFriction: maximum(Lanes(repeating: PhysicsConstants.staticFriction), kinetic), kineticFriction: kinetic)
            let total = VectorLanes(x: .zero, y: .zero, z: .zero) - friction.correction
            share((total - applied).kept(where: touches), normal: normal)
            // Remembered: the normal total at most `growth` past what this substep began with (at
            // least the smallest positive float, which marks the pair as touching), the
            // tangential one in proportion, and whether it rested as the sign of the fourth lane.
            // Nothing in the neck: there the totals held an arch over a long timer's narrow neck
            // that no tap broke (docs/PHYSICS.md, "Long timers").
            let inNeck = less(maximum(y, Lanes(repeating: 0) - y), Lanes(repeating: PhysicsConstants.neckHalfHeight))
            let remembered = select(inNeck, .zero, maximum(minimum(depth, maximum(beganWith, Lanes(repeating: 0) - beganWith) + growth), Lanes(repeating: .leastNormalMagnitude)))
            let tangential = total * (remembered / depth)
            let keep = tangential.vectors(w: select(less(friction.slipSquared, restSlip), remembered, Lanes(repeating: 0) - remembered))
            // Friction runs over touching pairs only, so every lane keeps its totals; the lanes
            // past a short batch's count repeat its first pair and store the same.
            totals[index.7] = keep.7; totals[index.6] = keep.6; totals[index.5] = keep.5; totals[index.4] = keep.4
            totals[index.3] = keep.3; totals[index.2] = keep.2; totals[index.1] = keep.1; totals[index.0] = keep.0
            pushes[index.7] = remembered[7]; pushes[index.6] = remembered[6]; pushes[index.5] = remembered[5]; pushes[index.4] = remembered[4]
            pushes[index.3] = remembered[3]; pushes[index.2] = remembered[2]; pushes[index.1] = remembered[1]; pushes[index.0] = remembered[0]
        }
        let moved = p.vectors(w: .zero), back = q.vectors(w: .zero)
        grains.position[i.0] = moved.0; grains.position[j.0] = back.0
        grains.position[i.1] = moved.1; grains.position[j.1] = back.1
        grains.position[i.2] = moved.2; grains.position[j.2] = back.2
        grains.position[i.3] = moved.3; grains.position[j.3] = back.3
        grains.position[i.4] = moved.4; grains.position[j.4] = back.4
        grains.position[i.5] = moved.5; grains.position[j.5] = back.5
        grains.position[i.6] = moved.6; grains.position[j.6] = back.6
        grains.position[i.7] = moved.7; grains.position[j.7] = back.7
        let nearWall = moves & unsafeBitCast(transpose(fields, row: 3), to: SIMD8<Int32>.self)
        if any(nearWall) { insideWall(pairs, index, count: count, nearWall) }
        return touches
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
            grains.position[grain] = Vector(collider.insideWall(p.xyz, radius: grains.radius[grain], line: grains.wallLine[grain]), p.w)
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
