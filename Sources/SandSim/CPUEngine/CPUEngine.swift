import Foundation

/// The CPU engine: position-based dynamics with Coulomb friction (Macklin et al. 2014), solved
/// sequentially (Gauss–Seidel), so each correction is seen by the next contact and support
/// propagates up the pile without any sleep. Per substep: predict each grain from its velocity,
/// list the candidate pairs again if a grain has moved far (ContactCandidates), resolve every
/// contact (overlap, then friction) layer by layer, keep the grains in the glass, and take the
/// velocity from how far each grain really moved (Substep). The work is split over `threads`
/// threads, with the same grains for any number of them.
public final class CPUEngine: PhysicsEngine {
    public let name = "CPU"
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    /// Threads a substep runs on, the caller's included.
    public var threads: Int { pool.threads }
    /// How many times the candidate pairs were listed, since load.
    public private(set) var listings = 0

    private let pool: WorkerPool
    private var grains = GrainArrays([])
    private var candidates: ContactCandidates
    private var wall: UnsafeMutableBufferPointer<ProfilePoint>
    private var innerHalfHeight: Float = 0
    private let farthest: UnsafeMutablePointer<Float>
    /// Set when the grains moved without the solve (load, flip): the list no longer holds.
    private var listStale = true

    /// `threads` defaults to every core this process may use.
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        pool = WorkerPool(threads: threads)
        farthest = .allocate(capacity: pool.threads)
        farthest.initialize(repeating: 0, count: pool.threads)
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(GrainSizing.referenceCount))
        candidates = ContactCandidates(profile: profile, largestRadius: profile.grainRadius, count: 0, chunks: pool.threads)
        wall = .allocate(capacity: profile.inner.count)
        _ = wall.initialize(from: profile.inner)
        innerHalfHeight = profile.innerHalfHeight
    }

    deinit {
        pool.stop()
        farthest.deallocate()
        wall.deallocate()
    }

    public var grainCount: Int { grains.pointers.count }

    public func load(_ grains: [Grain], profile: HourglassProfile) {
        self.grains = GrainArrays(grains)
        candidates = ContactCandidates(profile: profile, largestRadius: grains.map(\.radius).max() ?? profile.grainRadius,
                                       count: grains.count, chunks: pool.threads)
        wall.deallocate()
        wall = .allocate(capacity: profile.inner.count)
        _ = wall.initialize(from: profile.inner)
        innerHalfHeight = profile.innerHalfHeight
        substeps = PhysicsConstants.substeps
        listings = 0
        listStale = true
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = SimulationParameters.clampedFrameDt(frameDt)
        guard dt > 0, substeps > 0, grainCount > 0 else { return }
        let count = max(substeps, parameters.substepsForSpeed(grainRadius: grains.pointers.radius[0], frameDt: dt))
        lastSubsteps = count
        var step = Substep(grains: grains.pointers, candidates: candidates.pointers,
                           collider: GlassCollider(wall: WallCurve(points: UnsafeBufferPointer(wall)), innerHalfHeight: innerHalfHeight),
                           gravity: parameters.gravityVector(angle: angle), rules: SubstepRules(parameters: parameters, subDt: dt / Float(count)),
                           farthest: farthest)
        let relist = (step.candidates.skin / 2 - PhysicsConstants.maxStepDiameters * 2 * grains.pointers.radius[0])
        for _ in 0..<count {
            run(Substep.predict, &step)
            if listStale || farthestMove() > relist * relist {
                list(&step)
            }
            step.parity = 0
            run(Substep.solve, &step)
            step.parity = 1
            run(Substep.solve, &step)
            run(Substep.finish, &step)
        }
    }

    public func snapAfterFlip() {
        let grains = self.grains.pointers
        for i in 0..<grains.count {
            let p = grains.position[i], v = grains.velocity[i]
            grains.position[i] = SIMD3(p.x, -p.y, -p.z)
            grains.velocity[i] = SIMD3(v.x, -v.y, -v.z)
        }
        listStale = true
    }

    public func readGrains() -> [Grain] {
        grains.read()
    }

    private func run(_ job: WorkerPool.Job, _ step: inout Substep) {
        withUnsafeMutablePointer(to: &step) { pool.run(job, context: UnsafeMutableRawPointer($0)) }
    }

    private func farthestMove() -> Float {
        var largest: Float = 0
        for chunk in 0..<pool.threads { largest = max(largest, farthest[chunk]) }
        return largest
    }

    /// Sorts the grains by cell and lists their pairs, with more room if a grain had more
    /// neighbours than there was room for.
    private func list(_ step: inout Substep) {
        candidates.sort(grains)
        step.grains = grains.pointers
        repeat {
            step.candidates = candidates.pointers
            run(Substep.list, &step)
            if candidates.takeOverflow() { candidates.grow() } else { break }
        } while true
        listings += 1
        listStale = false
        if ProcessInfo.processInfo.environment["SS_STATS"] != nil {
            var total = 0
            for i in 0..<grainCount { total += Int(candidates.pointers.neighbourCounts[i]) }
            FileHandle.standardError.write("listing \(listings): \(Double(total) / Double(grainCount)) pairs/grain\n".data(using: .utf8)!)
        }
    }
}
