/// One substep of the CPU engine as jobs for the worker pool, each over a chunk of the grains or
/// of the layers, with everything they read in one plain value handed over by pointer: nothing
/// in it is counted or checked, so a job neither retains nor allocates. Every job gives each
/// grain the same arithmetic in the same order whatever the chunks, so the grains come out
/// bit-identical for any number of threads.
struct Substep {
    var grains: GrainPointers
    var candidates: CandidatePointers
    let collider: GlassCollider
    let gravity: SIMD3<Float>
    let rules: SubstepRules
    /// Per chunk: the farthest (squared) any of its grains stands from where it was listed.
    let farthest: UnsafeMutablePointer<Float>
    /// The layers the contact solve works on: 0 for the even ones, 1 for the odd ones.
    var parity = 0

    static func grainRange(chunk: Int, chunks: Int, count: Int) -> Range<Int> {
        count * chunk / chunks..<count * (chunk + 1) / chunks
    }

    /// Each grain's velocity carries it on under gravity; `start` remembers where it was.
    static let predict: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let grains = step.grains, dt = step.rules.subDt
        var farthest: Float = 0
        for i in grainRange(chunk: chunk, chunks: chunks, count: grains.count) {
            grains.start[i] = grains.position[i]
            grains.supported[i] = false
            grains.velocity[i] += step.gravity * dt
            grains.position[i] += grains.velocity[i] * dt
            let moved = grains.position[i] - grains.listedAt[i]
            farthest = max(farthest, (moved * moved).sum())
        }
        step.farthest[chunk] = farthest
    }

    /// The candidate pairs of a chunk of the sorted grains.
    static let list: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        step.candidates.list(grainRange(chunk: chunk, chunks: chunks, count: step.grains.count), grains: step.grains, collider: step.collider, chunk: chunk)
    }

    /// The contacts of the layers of one parity, a chunk of them; the layers go to chunks by
    /// their grains, so each chunk gets about as many.
    static let solve: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let candidates = step.candidates
        var total = 0
        for layer in stride(from: step.parity, to: candidates.layers, by: 2) { total += candidates.grains(inLayer: layer).count }
        var before = 0
        for layer in stride(from: step.parity, to: candidates.layers, by: 2) {
            let range = candidates.grains(inLayer: layer)
            let owner = total == 0 ? 0 : min((2 * before + range.count) * chunks / (2 * total), chunks - 1)
            before += range.count
            if owner == chunk { ContactSolve(step: step).resolve(range) }
        }
    }

    /// The glass last, so the pushes of a packed pile can never leave a grain in the wall; then
    /// velocity from how far each grain really moved, the neck's friction, damping and the stop
    /// for slow grains resting below the neck.
    static let finish: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let grains = step.grains, rules = step.rules
        for i in grainRange(chunk: chunk, chunks: chunks, count: grains.count) {
            if step.collider.collide(position: &grains.position[i], start: grains.start[i], radius: grains.radius[i], nearWall: grains.nearWall[i]) {
                grains.supported[i] = true
            }
            let y = grains.position[i].y
            var v = (grains.position[i] - grains.start[i]) / rules.subDt
            v *= rules.neckFrictionFactor(y: y)
            let speed = (v * v).sum().squareRoot()
            v *= rules.dampingFactor(speed: speed)
            grains.velocity[i] = rules.stopsResting(y: y, speed: speed, supported: grains.supported[i]) ? .zero : v
        }
    }
}

/// The contact solve over a run of sorted grains: each listed pair, one after another
/// (Gauss–Seidel), so each correction is seen by the next contact and support propagates up a
/// pile within one pass.
struct ContactSolve {
    let step: Substep

    func resolve(_ range: Range<Int>) {
        let candidates = step.candidates
        for i in range {
            let row = candidates.neighbours + i * candidates.stride
            for k in 0..<Int(candidates.neighbourCounts[i]) { resolve(i, Int(row[k])) }
        }
    }

    /// Half the overlap and half the sliding to each grain (Friction), then both back inside the
    /// glass: in the neck two grains side by side must part along it, not be put back on top of
    /// each other by the wall afterwards.
    @inline(__always)
    private func resolve(_ i: Int, _ j: Int) {
        let grains = step.grains
        let delta = grains.position[i] - grains.position[j]
        let touching = grains.radius[i] + grains.radius[j]
        let distanceSquared = (delta * delta).sum()
        guard distanceSquared < touching * touching, distanceSquared > 1e-12 else { return }
        let distance = distanceSquared.squareRoot()
        let normal = delta / distance
        let depth = touching - distance
        let share = PhysicsConstants.contactShare
        let push = normal * (depth * share)
        grains.position[i] += push
        grains.position[j] -= push
        let slide = Friction.correction(sliding: (grains.position[i] - grains.start[i]) - (grains.position[j] - grains.start[j]), normal: normal, depth: depth)
        grains.position[i] -= slide * share
        grains.position[j] += slide * share
        if grains.nearWall[i] { step.collider.projectInside(&grains.position[i], radius: grains.radius[i]) }
        if grains.nearWall[j] { step.collider.projectInside(&grains.position[j], radius: grains.radius[j]) }
        grains.supported[i] = true
        grains.supported[j] = true
    }
}
