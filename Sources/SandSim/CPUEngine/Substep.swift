import Synchronization

/// One substep of the CPU engine as jobs for the worker pool, each over a chunk of the grains or
/// of the layers, with everything they read in one plain value handed over by pointer: nothing
/// in it is counted or checked, so a job neither retains nor allocates. Every job gives each
/// grain the same arithmetic in the same order whatever the chunks, so the grains come out
/// bit-identical for any number of threads.
struct Substep {
    var grains: GrainPointers
    var candidates: CandidatePointers
    let collider: GlassCollider
    let gravity: Vector
    let rules: SubstepRules
    /// Per chunk: the farthest any of its grains stands from where it was listed, and the
    /// farthest any moved this substep (what the solve's pushes may add, as an impact's overlap
    /// is at most the approach of one substep).
    let farthest: UnsafeMutablePointer<(listed: Float, step: Float)>
    /// The layers the contact solve works on: 0 for the even ones, 1 for the odd ones.
    var parity = 0
    /// The next of them for a chunk to take, counted from 0 within the parity.
    let nextLayer: UnsafeMutablePointer<Atomic<Int>>

    static func grainRange(chunk: Int, chunks: Int, count: Int) -> Range<Int> {
        count * chunk / chunks..<count * (chunk + 1) / chunks
    }

    /// Each grain's velocity carries it on under gravity; `start` remembers where it was.
    static let predict: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let grains = step.grains
        var farthest = Farthest()
        for i in grainRange(chunk: chunk, chunks: chunks, count: grains.count) {
            step.predict(i, from: grains.position[i], velocity: grains.velocity[i], &farthest)
        }
        step.farthest[chunk] = farthest.distances(subDt: step.rules.subDt)
    }

    /// The end of one substep and the start of the next in one pass over the grains.
    static let finishAndPredict: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        var farthest = Farthest()
        for i in grainRange(chunk: chunk, chunks: chunks, count: step.grains.count) {
            let (position, velocity) = step.finished(i)
            step.predict(i, from: position, velocity: velocity, &farthest)
        }
        step.farthest[chunk] = farthest.distances(subDt: step.rules.subDt)
    }

    /// The largest squared distances a chunk's grains stand from where they were listed and move in a substep.
    struct Farthest {
        var listed: Float = 0
        var stepped: Float = 0

        func distances(subDt: Float) -> (listed: Float, step: Float) {
            (listed.squareRoot(), stepped.squareRoot() * subDt)
        }
    }

    @inline(__always)
    func predict(_ i: Int, from position: Vector, velocity: Vector, _ farthest: inout Farthest) {
        let dt = rules.subDt
        grains.start[i] = position
        let v = velocity + gravity * dt
        let p = position + v * dt
        grains.velocity[i] = v
        grains.position[i] = p
        let moved = p - grains.listedAt[i]
        farthest.listed = max(farthest.listed, (moved * moved).sum3())
        farthest.stepped = max(farthest.stepped, (v * v).sum3())
    }

    /// The candidate pairs of a chunk of the sorted grains.
    static let list: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        step.candidates.list(grainRange(chunk: chunk, chunks: chunks, count: step.grains.count), grains: step.grains, collider: step.collider, chunk: chunk)
    }

    /// Colours the pairs of each layer (PairColouring): each chunk takes the next layer not yet
    /// coloured, of either parity.
    static let colour: WorkerPool.Job = { context, _, _ in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let candidates = step.candidates
        while case let layer = step.nextLayer.pointee.wrappingAdd(1, ordering: .relaxed).oldValue, layer < candidates.layers {
            candidates.colouring.colour(layer: layer, of: candidates, grains: step.grains)
        }
    }

    /// The contacts of the layers of one parity: each chunk takes the next layer not yet taken,
    /// largest first, so the chunks end together however the grains lie. Which chunk solves a
    /// layer, and when, changes nothing: the layers of one parity share no grain.
    static let solve: WorkerPool.Job = { context, _, _ in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let solve = ContactSolve(step: step)
        while let layer = step.candidates.layer(step.nextLayer.pointee.wrappingAdd(1, ordering: .relaxed).oldValue, parity: step.parity) {
            solve.resolve(layer: layer)
        }
    }

    /// The glass last, so the pushes of a packed pile can never leave a grain in the wall; then
    /// velocity from how far each grain really moved, the neck's friction, damping and the stop
    /// for slow grains resting on something under them below the neck.
    static let finish: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let grains = step.grains
        for i in grainRange(chunk: chunk, chunks: chunks, count: grains.count) {
            (grains.position[i], grains.velocity[i]) = step.finished(i)
        }
    }

    @inline(__always)
    func finished(_ i: Int) -> (position: Vector, velocity: Vector) {
        var p = grains.position[i]
        // +∞: held up by a grain; −∞: holding one up; not a number: both (ContactSolve).
        let supportedByGrain = !(p.w <= 0)
        p.w = 0
        let start = grains.start[i]
        let supported = collider.collide(position: &p, start: start, radius: grains.radius[i], nearWall: grains.nearWall[i], rules: rules) || supportedByGrain
        var v = (p - start) / rules.subDt
        v *= rules.neckFrictionFactor(y: p.y)
        let speed = (v * v).sum3().squareRoot()
        v *= rules.dampingFactor(speed: speed)
        return (p, rules.stopsResting(y: p.y, speed: speed, supported: supported) ? .zero : v)
    }
}
