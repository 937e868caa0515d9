import Foundation
import Synchronization

/// The CPU engine: position-based dynamics with Coulomb friction (Macklin et al. 2014), solved
/// Gauss–Seidel across the colours (the pairs of one colour share no grain and go side by side;
/// each colour sees the corrections of the ones before), so support propagates up the pile
/// without any sleep. Per substep: predict each grain from its velocity,
/// list and colour the candidate pairs again if a grain has moved far (ContactCandidates,
/// PairColouring), resolve every contact (its remembered corrections again, overlap, then friction)
/// layer by layer, colour by colour and eight pairs at once (ContactSolve), keep the grains in the glass, and take the
/// velocity from how far each grain really moved (Substep; one substep's end and the next's start
/// in one pass). The work is split over `threads` threads, with the same grains for any number
/// of them.
public final class CPUEngine: PhysicsEngine {
    public let name = "CPU"
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    /// The fastest grain as the last step's last substep began (units a second), which sizes
    /// the next step's substeps; nil since a load or flip, where the fall sizes them.
    private var fastest: Float?
    /// Threads a substep of this pile runs on, the caller's included: one for a small pile,
    /// whose substeps are too short to share (docs/BENCHMARKS.md), every one of the pool's else.
    public private(set) var threads = 1
    /// Piles of fewer grains run on one thread.
    public static let sharedFrom = 1_000
    /// How many times the candidate pairs were listed, since load.
    public private(set) var listings = 0

    private let pool: WorkerPool
    private(set) var grains = GrainArrays([])
    private(set) var candidates: ContactCandidates
    private var wall: WallTable
    private var innerHalfHeight: Float = 0
    private let farthest: UnsafeMutablePointer<(listed: Float, step: Float)>
    private let nextLayer: UnsafeMutablePointer<Atomic<Int>>
    /// Set when the grains moved without the solve (load, flip): the list no longer holds, nor
    /// do the contacts' totals.
    private var listStale = true
    /// The contacts' totals through a relisting (ContactMemory).
    private var memory = ContactMemory(grains: 0)
    private var upperCount: UpperCount?

    /// `threads` defaults to every core this process may use.
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        pool = WorkerPool(threads: threads)
        farthest = .allocate(capacity: pool.threads)
        farthest.initialize(repeating: (0, 0), count: pool.threads)
        nextLayer = .allocate(capacity: 1)
        nextLayer.initialize(to: Atomic(0))
        let profile = Pile(count: GrainSizing.referenceCount).profile
        candidates = ContactCandidates(profile: profile, largestRadius: profile.grainRadius, count: 0, chunks: pool.threads)
        wall = WallTable(profile.inner)
        innerHalfHeight = profile.innerHalfHeight
    }

    deinit {
        pool.stop()
        farthest.deallocate()
        nextLayer.deinitialize(count: 1)
        nextLayer.deallocate()
    }

    public var grainCount: Int { grains.pointers.count }

    public func load(_ grains: [Grain], profile: HourglassProfile) {
        precondition(grains.allSatisfy(\.isLoadable), "a grain to load has no size or a state that is not a number")
        self.grains = GrainArrays(grains)
        candidates = ContactCandidates(profile: profile, largestRadius: grains.map(\.radius).max() ?? profile.grainRadius,
                                       count: grains.count, chunks: grains.count < Self.sharedFrom ? 1 : pool.threads)
        threads = grains.count < Self.sharedFrom ? 1 : pool.threads
        wall = WallTable(profile.inner)
        innerHalfHeight = profile.innerHalfHeight
        substeps = PhysicsConstants.substeps
        listings = 0
        listStale = true
        fastest = nil
        memory = ContactMemory(grains: grains.count)
        upperCount = nil
    }

    public func reshape(_ profile: HourglassProfile) {
        wall = WallTable(profile.inner)
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = max(frameDt, 0)
        guard dt > 0, substeps > 0, grainCount > 0 else { return }
        let count = parameters.substeps(perTick: substeps, grainRadius: grains.pointers.radius[0], dt: dt,
                                        fastest: fastest.map { parameters.speedBound(fastest: $0, seconds: dt) })
        lastSubsteps = count
        var step = Substep(grains: grains.pointers, candidates: candidates.pointers,
                           collider: GlassCollider(wall: wall.curve, innerHalfHeight: innerHalfHeight),
                           gravity: Vector(parameters.gravityVector(angle: angle), 0), rules: SubstepRules(parameters: parameters, subDt: dt / Float(count), angle: angle),
                           farthest: farthest, nextLayer: nextLayer)
        run(Substep.predict, &step)
        for substep in 0..<count {
            if listStale || mayMissPairs(skin: step.candidates.skin) {
                list(&step)
            }
            for phase in ContactPhase.allCases {
                step.phase = phase
                for parity in 0..<2 {
                    step.parity = parity
                    nextLayer.pointee.store(0, ordering: .relaxed)
                    run(Substep.solve, &step)
                }
            }
            if substep + 1 < count {
                run(Substep.finishAndPredict, &step)
            } else {
                fastest = (0..<threads).map { farthest[$0].step }.max()! / step.rules.subDt
                run(Substep.finish, &step)
            }
        }
    }

    public func snapAfterFlip() {
        let grains = self.grains.pointers
        for i in 0..<grains.count {
            let p = grains.position[i], v = grains.velocity[i]
            grains.position[i] = Vector(p.x, -p.y, -p.z, 0)
            grains.velocity[i] = Vector(v.x, -v.y, -v.z, 0)
        }
        listStale = true
        fastest = nil
    }

    public func readGrains() -> [Grain] {
        grains.read()
    }

    public func requestUpperCount(tag: Int) {
        let position = grains.pointers.position
        var above = 0
        for i in 0..<grainCount where position[i].y > 0 { above += 1 }
        upperCount = UpperCount(tag: tag, count: above)
    }

    public func latestUpperCount() -> UpperCount? { upperCount }

    private func run(_ job: WorkerPool.Job, _ step: inout Substep) {
        withUnsafeMutablePointer(to: &step) { pointer in
            let context = UnsafeMutableRawPointer(pointer)
            if threads == 1 { job(context, 0, 1) } else { pool.run(job, context: context) }
        }
    }

    /// Whether two grains could now touch that were not listed: one may have come half the skin
    /// from where it was listed, counting what this substep's pushes may add.
    private func mayMissPairs(skin: Float) -> Bool {
        var listed: Float = 0, stepped: Float = 0
        for chunk in 0..<threads {
            listed = max(listed, farthest[chunk].listed)
            stepped = max(stepped, farthest[chunk].step)
        }
        return listed + stepped >= skin / 2
    }

    /// Sorts the grains by cell, lists their pairs, with more room if a grain had more
    /// neighbours than there was room for, and colours them.
    private func list(_ step: inout Substep) {
        if listStale {
            memory.forget()
        } else {
            memory.collect(candidates.pointers.colouring, candidates.pointers, identity: grains.pointers.identity)
        }
        candidates.sort(grains)
        step.grains = grains.pointers
        repeat {
            step.candidates = candidates.pointers
            run(Substep.list, &step)
            if candidates.takeOverflow() { candidates.grow() } else { break }
        } while true
        step.candidates = candidates.pointers
        nextLayer.pointee.store(0, ordering: .relaxed)
        run(Substep.colour, &step)
        memory.restore(step.candidates.colouring, step.candidates, identity: grains.pointers.identity)
        listings += 1
        listStale = false
    }
}
