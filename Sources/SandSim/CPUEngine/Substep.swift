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
    /// The part of the contact solve this pass does.
    var phase = ContactPhase.push
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
        Octet.each(in: grainRange(chunk: chunk, chunks: chunks, count: grains.count)) { octet in
            step.predict(octet, from: octet.load(grains.position), velocity: octet.load(grains.velocity), &farthest)
        }
        step.farthest[chunk] = farthest.distances(subDt: step.rules.subDt)
    }

    /// The end of one substep and the start of the next in one pass over the grains.
    static let finishAndPredict: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        var farthest = Farthest()
        Octet.each(in: grainRange(chunk: chunk, chunks: chunks, count: step.grains.count)) { octet in
            let (position, velocity) = step.finished(octet)
            step.predict(octet, from: position, velocity: velocity, &farthest)
        }
        step.farthest[chunk] = farthest.distances(subDt: step.rules.subDt)
    }

    /// The largest squared distances a chunk's grains stand from where they were listed and move
    /// in a substep, lane by lane until the chunk ends.
    struct Farthest {
        var listed = VectorLanes.Lanes(repeating: 0)
        var stepped = VectorLanes.Lanes(repeating: 0)

        func distances(subDt: Float) -> (listed: Float, step: Float) {
            (listed.max().squareRoot(), stepped.max().squareRoot() * subDt)
        }
    }

    /// Eight grains' prediction, one a lane.
    @inline(__always)
    func predict(_ octet: Octet, from position: VectorLanes, velocity: VectorLanes, _ farthest: inout Farthest) {
        let dt = VectorLanes.Lanes(repeating: rules.subDt)
        octet.store(position, into: grains.start)
        let v = velocity + VectorLanes(gravity.xyz) * dt
        var p = position + v * dt
        // The glass before the pairs as well, so what the floor and walls hold is where they
        // hold it when the pairs push against it.
        collider.collide(position: &p, start: position, radius: octet.load(grains.radius), nearWall: octet.load(grains.nearWall),
                         wallLines: (grains.wallLine, octet.index))
        octet.store(v, into: grains.velocity)
        octet.store(p, into: grains.position)
        let moved = p - octet.load(grains.listedAt)
        farthest.listed = maximum(farthest.listed, moved.dot(moved))
        farthest.stepped = maximum(farthest.stepped, v.dot(v))
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
    /// velocity from how far each grain really moved (no faster than the push-out cap allows
    /// over the predicted velocity, which `velocity` holds until now), the neck's friction and
    /// damping.
    static let finish: WorkerPool.Job = { context, chunk, chunks in
        let step = context.assumingMemoryBound(to: Substep.self).pointee
        let grains = step.grains
        Octet.each(in: grainRange(chunk: chunk, chunks: chunks, count: grains.count)) { octet in
            let (position, velocity) = step.finished(octet)
            octet.store(position, into: grains.position)
            octet.store(velocity, into: grains.velocity)
        }
    }

    /// Eight grains' end of the substep, one a lane.
    @inline(__always)
    func finished(_ octet: Octet) -> (position: VectorLanes, velocity: VectorLanes) {
        var p = octet.load(grains.position)
        let start = octet.load(grains.start)
        collider.collide(position: &p, start: start, radius: octet.load(grains.radius), nearWall: octet.load(grains.nearWall))
        var v = rules.pushOutCapped((p - start) / VectorLanes.Lanes(repeating: rules.subDt), free: octet.load(grains.velocity))
        v = v * rules.neckFrictionFactor(y: p.y)
        return (p, v * rules.dampingFactor(speed: v.dot(v).squareRoot()))
    }
}

/// Eight grains of a chunk taken together, one a lane: the next eight in order, or at the end of
/// the chunk the last ones with the lanes past it repeating its last grain, which then comes out
/// the same in each and is stored the same.
struct Octet {
    let index: Eight<Int>

    /// Calls `body` with the octets that cover `range`, in order.
    @inline(__always)
    static func each(in range: Range<Int>, _ body: (Octet) -> Void) {
        var first = range.lowerBound
        while first < range.upperBound {
            body(Octet(first: first, last: range.upperBound - 1))
            first += 8
        }
    }

    /// The eight grains from `first` on, none past `last`.
    @inline(__always)
    init(first: Int, last: Int) {
        index = (first, min(first + 1, last), min(first + 2, last), min(first + 3, last),
                 min(first + 4, last), min(first + 5, last), min(first + 6, last), min(first + 7, last))
    }

    @inline(__always)
    func load(_ field: UnsafeMutablePointer<Vector>) -> VectorLanes {
        VectorLanes((field[index.0], field[index.1], field[index.2], field[index.3], field[index.4], field[index.5], field[index.6], field[index.7]))
    }

    @inline(__always)
    func load(_ field: UnsafeMutablePointer<Float>) -> VectorLanes.Lanes {
        VectorLanes.Lanes(field[index.0], field[index.1], field[index.2], field[index.3], field[index.4], field[index.5], field[index.6], field[index.7])
    }

    @inline(__always)
    func load(_ field: UnsafeMutablePointer<Bool>) -> VectorLanes.Mask {
        VectorLanes.Mask(field[index.0] ? -1 : 0, field[index.1] ? -1 : 0, field[index.2] ? -1 : 0, field[index.3] ? -1 : 0,
                         field[index.4] ? -1 : 0, field[index.5] ? -1 : 0, field[index.6] ? -1 : 0, field[index.7] ? -1 : 0)
    }

    /// Stores the lanes as vectors whose fourth lane is 0.
    @inline(__always)
    func store(_ lanes: VectorLanes, into field: UnsafeMutablePointer<Vector>) {
        let v = lanes.vectors(w: .zero)
        field[index.0] = v.0
        field[index.1] = v.1
        field[index.2] = v.2
        field[index.3] = v.3
        field[index.4] = v.4
        field[index.5] = v.5
        field[index.6] = v.6
        field[index.7] = v.7
    }
}
