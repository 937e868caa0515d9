@preconcurrency import CEpoxy
import Foundation
import GLSupport
import SandSim

/// The physics in GLSL compute shaders, behind the same protocol as the CPU engine. On a
/// software renderer a small pile's tick is one dispatch (SmallPileTick). A large pile's: for
/// each substep, sort the grains by cell if one has moved far (ContactListing, checked every
/// few substeps), then the contact solve's iterations, one invocation per grain, the last
/// ending the substep; then every grain back to its place in load order, measuring the fastest
/// grain, which sizes the ticks after (`speedBound`). Either way the grains end in
/// `particleBuffer`, where the modes that run it draw from or read back (GPUSandMode,
/// InstancedSandMode). Everything a tick's dispatches read besides the grains comes in one
/// parameter block (SolveParameters).
public final class ComputeEngine: PhysicsEngine {
    /// How a tick reaches the GPU.
    public enum TickPath: Sendable {
        /// The whole tick in one work group's loop (SmallPileTick).
        case oneDispatch
        /// A few dispatches a substep over every grain (ContactListing, the solve's iterations).
        case dispatchesPerSubstep

        /// The path for a pile of `count` grains. A GPU runs one work group on one of its many
        /// cores, where a substep's dispatches spread over all of them: on an H200 a settled
        /// tick of 250 grains in one dispatch took 0.80 ms, of 1,000 7.6 ms, where 2,000 grains
        /// a substep at a time took 0.65 (docs/BENCHMARKS.md, "Launches on a GPU").
        public static func forCount(_ count: Int, softwareGL: Bool) -> TickPath {
            softwareGL && count <= largestOneDispatchCount ? .oneDispatch : .dispatchesPerSubstep
        }

        /// The largest pile ticked in one dispatch, and the most substeps one dispatch runs.
        public static let largestOneDispatchCount = SmallPileTick.largestCount
        public static let substepsPerDispatch = SmallPileTick.substepsPerDispatch
    }

    public let name: String
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    /// The contact iterations in each substep of the last tick.
    public private(set) var lastIterations = 0
    /// The checks whether to sort (each the sort's stages issued) in the last large-pile tick.
    public private(set) var lastChecks = 0
    public private(set) var grainCount = 0
    /// Set before `load` to run a pile on the path its count would not choose (tests).
    public var forcedPath: TickPath?
    public private(set) var path = TickPath.oneDispatch
    /// False: a large pile's ticks are cut for the fastest fall and its lists checked every
    /// substep, as the one-dispatch tick does, whatever the sand measures (tests).
    public var schedulesForMeasuredSpeed = true
    /// Every dispatch and memory barrier put in the GL's queue since load, with work or not.
    public private(set) var launches = Launches()

    /// The solve's iteration in its three roles: first, between, last (one iteration: both),
    /// for ticks in which grains may sleep (true) and for those in which none may.
    private let solvePrograms: [Bool: [IterationRole: ShaderProgram]]
    private let writeBackProgram: ShaderProgram
    /// The write-back's slots in the counter's ring.
    private let slots = UniformBlock<DispatchBlock>()
    private let snapProgram: ShaderProgram
    private let listing: ContactListing
    private let smallTick: SmallPileTick
    private let softwareGL = GLInfo.current().isSoftware
    /// The slot of the count above the neck the last tick wrote, until requested, and the tick
    /// whose fastest grain it measured beside it (the write-back's).
    private var countedSlot: Int?
    private var countedSpeedOf: UInt32?
    /// The contact lists' relisting distance (ContactListReach).
    private var relistDistance: Float = 0
    /// The grains in cell order, two texels each: the substep's start and its end, turn about.
    private let states = [BufferTexture(format: GL_RGBA32F), BufferTexture(format: GL_RGBA32F)]
    private let upperCounter: UpperCounter
    /// Bytes copied back to the CPU since load: grains read, and the counts above the neck.
    public var bytesReadBack: Int { grainBytesRead + upperCounter.bytesRead }
    private var grainBytesRead = 0
    private var current = 0
    /// Each grain's position after an iteration that is not the last, turn about.
    private let iterates = [BufferTexture(format: GL_RGBA32F), BufferTexture(format: GL_RGBA32F)]
    /// The grains in load order: grain i is grain i, for renderers and `readGrains`.
    public let particleBuffer = StorageBuffer()
    private let profileTable = BufferTexture(format: GL_R32F)
    /// The pile's grain size, which sets how many substeps fast sand needs.
    private var grainRadius: Float = 1
    /// What stays from substep to substep: the count, the glass, the listing's reach.
    private var parameters = SolveParameters()
    private let parameterRing: SolveParameterRing
    private var frameIndex: UInt32 = 0

    /// Needs a current GL 4.3 context on this thread.
    public init(name: String, shaders: ShaderSource) throws {
        self.name = name
        solvePrograms = try Dictionary(uniqueKeysWithValues: [false, true].map { sleeps in
            (sleeps, try Dictionary(uniqueKeysWithValues: IterationRole.allCases.map { role in
                (role, try ShaderProgram(compute: "contact_solve.comp", source: role.variant(of: shaders).solving(sleeps: sleeps)))
            }))
        })
        writeBackProgram = try ShaderProgram(compute: "write_back.comp", source: shaders)
        snapProgram = try ShaderProgram(compute: "snap_after_flip.comp", source: shaders)
        listing = try ContactListing(shaders: shaders)
        smallTick = SmallPileTick(shaders: shaders)
        upperCounter = try UpperCounter(shaders: shaders)
        parameterRing = try SolveParameterRing()
    }

    public func load(_ grains: [Grain], profile: HourglassProfile) throws {
        precondition(grains.allSatisfy(\.isLoadable), "a grain to load has no size or a state that is not a number")
        try Self.checkRoom(count: grains.count)
        grainCount = grains.count
        current = 0
        particleBuffer.upload(grains)
        states[0].upload(grains)
        states[1].upload(grains)
        for iterate in iterates { iterate.allocate(byteCount: grainCount * 16) }
        let largestRadius = grains.map(\.radius).max() ?? profile.grainRadius
        let reach = ContactListReach(largestRadius: largestRadius)
        path = forcedPath ?? TickPath.forCount(grainCount, softwareGL: softwareGL)
        let grid = NeighbourGrid(profile: profile, reach: reach.reach)
        switch path {
        case .oneDispatch: try smallTick.configure(grid: grid, reach: reach, grainCount: grainCount)
        case .dispatchesPerSubstep: listing.configure(grid: grid, reach: reach, grainCount: grainCount)
        }
        try GLError.check("loading \(grainCount) grains into GPU buffers")
        parameters = SolveParameters()
        parameters.grainCount = UInt32(grainCount)
        parameters.relistDistance = reach.relistDistance
        reshape(profile)
        parameterRing.write([parameters])
        grainRadius = profile.grainRadius
        substeps = PhysicsConstants.substeps
        frameIndex = 0
        upperCounter.reset(grainCount: grainCount)
        countedSlot = nil
        countedSpeedOf = nil
        relistDistance = reach.relistDistance
        grainBytesRead = 0
        launches = Launches()
    }

    /// Uploads the glass's lookup table (a long timer's neck changes it between runs).
    public func reshape(_ profile: HourglassProfile) {
        let table = ProfileLookupTable(profile: profile)
        profileTable.upload(table.radii, usage: GL_STATIC_DRAW)
        parameters.setGlass(table, floorY: -profile.innerHalfHeight)
    }

    /// The most grains this GL can hold: the contact lists must fit in the largest buffer
    /// texture. Nil where that sets no limit. (A mode that draws more from the grains, as
    /// InstancedSandMode's meshes, has its own limit.)
    public static func largestCount() -> Int? {
        let texels = BufferTexture.maximumTexels
        return texels > 0 ? texels / (PhysicsConstants.contactListSlots + 1) : nil
    }

    /// Refuses a count beyond `largestCount`, naming the buffer that does not fit.
    private static func checkRoom(count: Int) throws {
        if let most = largestCount(), count > most {
            throw GLError.bufferTooLarge("\(count) grains need contact lists of \(ContactListing.largestView(grainCount: count)) words; this GL (\(GLInfo.current().renderer)) allows buffer textures of \(BufferTexture.maximumTexels), so at most \(most) grains")
        }
    }

    public func step(frameDt: Float, angle: Float, parameters stepParameters: SimulationParameters) {
        let dt = max(frameDt, 0)
        guard dt > 0, substeps > 0, grainCount > 0 else { return }
        let schedule = schedulesForMeasuredSpeed
            ? SolveSchedule.compute(dt: dt, substepsPerTick: substeps, parameters: stepParameters, grains: grainCount, grainRadius: grainRadius,
                                    relistDistance: relistDistance, fastest: speedBound(dt: dt, parameters: stepParameters))
            : SolveSchedule.compute(dt: dt, substepsPerTick: substeps, parameters: stepParameters, grains: grainCount, grainRadius: grainRadius)
        let subDt = dt / Float(schedule.substeps)
        (lastSubsteps, lastIterations) = (schedule.substeps, schedule.iterations)
        var frame = parameters
        frame.gravity = PackedFloat3(stepParameters.gravityVector(angle: angle))
        frame.up = PackedFloat3(stepParameters.up(angle: angle))
        frame.speedScale = stepParameters.speedScale
        frame.subDt = subDt
        frame.flowDamping = pow(PhysicsConstants.flowDamping, subDt)
        frame.settleDamping = pow(PhysicsConstants.settleDamping, subDt)
        frame.neckDamping = stepParameters.neckDamping
        frame.sleepEnabled = angle == 0 && stepParameters.sleepAllowed ? 1 : 0
        frame.frameIndex = frameIndex
        switch path {
        case .oneDispatch: tickInOneDispatch(frame, substeps: schedule.substeps)
        case .dispatchesPerSubstep: tickBySubsteps(frame, schedule: schedule)
        }
        frameIndex &+= 1
    }

    /// A bound on a large pile's fastest grain in this tick: the fastest the write-back measured
    /// a few ticks back and what gravity may have added since, with a margin; nil where nothing
    /// was measured since the load or the last flip (the fall bounds it), and on the small path,
    /// whose tick measures nothing.
    private func speedBound(dt: Float, parameters: SimulationParameters) -> Float? {
        guard path == .dispatchesPerSubstep, let measured = upperCounter.fastest, measured.speed.isFinite else { return nil }
        // From the measured tick's end (or a flip's, before this tick) to this tick's end.
        let ticks = Float(frameIndex &- measured.tick) + 1
        return parameters.speedBound(fastest: measured.speed, seconds: dt * ticks)
    }

    /// The tick in one dispatch (a few for many substeps), the count above the neck in it.
    private func tickInOneDispatch(_ frame: SolveParameters, substeps: Int) {
        var block = frame
        block.firstSubstep = 1
        parameterRing.write([block])
        parameterRing.bind(0)
        profileTable.bind(unit: ComputeBindings.profileUnit)
        let slot = upperCounter.reserve()
        smallTick.run(substeps: substeps, sleeps: frame.sleepEnabled != 0, particles: particleBuffer, upperCounts: upperCounter.buffer, upperSlot: slot)
        countedSlot = slot
        countedSpeedOf = nil
        launches.add(dispatches: smallTick.lastDispatches, barriers: smallTick.lastDispatches)
    }

    /// The tick a substep at a time: at each check the sort's stages (with work only when
    /// armed), the solve's iterations, then the write-back.
    private func tickBySubsteps(_ frame: SolveParameters, schedule: SolveSchedule) {
        listing.setInterval(schedule.relistInterval)
        lastChecks = 0
        let blocks = (0..<schedule.substeps).map { substep in
            var block = frame
            block.firstSubstep = substep == 0 ? 1 : 0
            block.relistSlack = schedule.relistSlack
            listing.setArming(&block, ahead: substep)
            return block
        }
        for substep in 0..<schedule.substeps {
            let block = substep % parameterRing.capacity
            if block == 0 { parameterRing.write(blocks[substep..<min(substep + parameterRing.capacity, blocks.count)]) }
            if listing.checkDue {
                lastChecks += 1
                listing.sortIfArmed(grains: states[current])
                launches.add(dispatches: listing.stages, barriers: listing.stages)
            }
            parameterRing.bind(block)
            solve(iterations: schedule.iterations, sleeps: frame.sleepEnabled != 0)
            listing.advance()
            current = 1 - current
        }
        writeBack()
    }

    /// One substep's contact iterations, from `states[current]` into the other state.
    private func solve(iterations: Int, sleeps: Bool) {
        states[current].bind(unit: ComputeBindings.grainsUnit)
        states[1 - current].bindImage(unit: ComputeBindings.grainsImage)
        listing.contacts.bind(unit: ComputeBindings.contactListUnit)
        listing.listedAt.bind(unit: ComputeBindings.listedAtUnit)
        listing.ids.bind(unit: ComputeBindings.idsUnit)
        listing.memory.bind(unit: ComputeBindings.memoryUnit)
        listing.memory.buffer.bind(to: ComputeBindings.contactMemory)
        profileTable.bind(unit: ComputeBindings.profileUnit)
        listing.bindArming()
        for iteration in 0..<iterations {
            let role = IterationRole(iteration, of: iterations)
            iterates[iteration % 2].bindImage(unit: ComputeBindings.iterateImage)
            iterates[(iteration + 1) % 2].bind(unit: ComputeBindings.iterateUnit)
            solvePrograms[sleeps]![role]!.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
            epoxy_glMemoryBarrier(ContactListing.barrier)
        }
        launches.add(dispatches: iterations, barriers: iterations)
    }

    /// Every grain from cell order back to load order, in `particleBuffer`, counting the grains
    /// above the neck into a slot of the counter's ring on the way.
    private func writeBack() {
        states[current].bind(unit: ComputeBindings.grainsUnit)
        listing.ids.bind(unit: ComputeBindings.idsUnit)
        particleBuffer.bind(to: ComputeBindings.particles)
        let slot = upperCounter.reserve()
        upperCounter.buffer.bind(to: ComputeBindings.upperCounts)
        slots.bind(DispatchBlock(upperSlot: UInt32(slot), fastestSlot: UInt32(slot + UpperCounter.slots)))
        countedSlot = slot
        countedSpeedOf = frameIndex
        writeBackProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(ContactListing.barrier | GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
        launches.add(dispatches: 1, barriers: 1)
    }

    public func snapAfterFlip() {
        guard grainCount > 0 else { return }
        parameterRing.bind(0)
        // The small tick works on the grains in load order; the large path on its cell order,
        // written back after.
        (path == .oneDispatch ? particleBuffer : states[current].buffer).bind(to: ComputeBindings.particles)
        snapProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(ContactListing.barrier | GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
        upperCounter.forgetFastest()
        countedSpeedOf = nil
        switch path {
        case .oneDispatch:
            smallTick.arm()
        case .dispatchesPerSubstep:
            listing.arm()
            writeBack()
        }
    }

    /// The substeps the last dispatch of a one-dispatch tick finished (waits for the GPU: for
    /// tests that no tick is cut short).
    public func substepsFinished() -> Int? {
        path == .oneDispatch ? smallTick.substepsFinished() : nil
    }

    /// Sorts (listings) since the last `load` (waits for the GPU: for benchmarks and tests).
    public func sortCount() -> Int {
        switch path {
        case .oneDispatch: smallTick.sortCount()
        case .dispatchesPerSubstep: listing.sortCount()
        }
    }

    public func readGrains() -> [Grain] {
        grainBytesRead += grainCount * MemoryLayout<Grain>.stride
        return particleBuffer.read(Grain.self, count: grainCount)
    }

    public func requestUpperCount(tag: Int) {
        guard grainCount > 0 else { return }
        if let slot = countedSlot {
            upperCounter.seal(slot: slot, tag: tag, speedOf: countedSpeedOf)
            countedSlot = nil
        } else {
            upperCounter.request(particles: particleBuffer, grainCount: grainCount, tag: tag)
            launches.add(dispatches: 1, barriers: 1)
        }
    }

    public func latestUpperCount() -> UpperCount? {
        upperCounter.collect()
        return upperCounter.latest
    }
}
