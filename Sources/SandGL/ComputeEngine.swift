import CEpoxy
import Foundation
import GLSupport
import SandSim

/// The physics in GLSL compute shaders, behind the same protocol as the CPU engine. A frame: for
/// each substep, sort the grains by cell if one has moved far (ContactListing), then the contact
/// solve's iterations, one invocation per grain, the last ending the substep; then every grain
/// back to its place in load order (`particleBuffer`). GPU mode reads the grains back each frame
/// (`readGrains`); Instanced mode calls `expandMeshes` and draws `vertexBuffer` directly, so
/// only the count above the neck comes back (UpperCounter).
public final class ComputeEngine: PhysicsEngine {
    public let name: String
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    public private(set) var grainCount = 0
    /// Compute dispatches the last `step` issued, besides the sorts (`sortCount`).
    public private(set) var lastDispatches = 0

    /// The solve's iteration in its three roles: first, between, last (one iteration: both).
    private let solvePrograms: [IterationRole: ShaderProgram]
    private let writeBackProgram: ShaderProgram
    private let snapProgram: ShaderProgram
    private let expandProgram: ShaderProgram
    private let listing: ContactListing
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
    private let colors = StorageBuffer()
    private let corners = StorageBuffer()
    /// The expanded grain mesh: 42 vertices of `MeshVertexLayout.stride` bytes per grain.
    public let vertexBuffer = StorageBuffer()
    private var frameIndex: UInt32 = 0

    /// Needs a current GL 4.3 context on this thread.
    public init(name: String, shaders: ShaderSource) throws {
        self.name = name
        solvePrograms = try Dictionary(uniqueKeysWithValues: IterationRole.allCases.map { role in
            (role, try ShaderProgram(compute: "contact_solve.comp", source: shaders.adding(defines: role.defines)))
        })
        writeBackProgram = try ShaderProgram(compute: "write_back.comp", source: shaders)
        snapProgram = try ShaderProgram(compute: "snap_after_flip.comp", source: shaders)
        expandProgram = try ShaderProgram(compute: "expand_meshes.comp", source: shaders)
        listing = try ContactListing(shaders: shaders)
        upperCounter = try UpperCounter(shaders: shaders)
        corners.upload(Icosphere.vertices.map { SIMD4<Float>($0, 0) }, usage: GL_STATIC_DRAW)
    }

    /// One packed RGBA8 colour per grain, for renderers that draw the grains on the GPU.
    public var colorBuffer: StorageBuffer { colors }

    public func load(_ grains: [Grain], profile: HourglassProfile) throws {
        try Self.checkRoom(count: grains.count)
        grainCount = grains.count
        current = 0
        particleBuffer.upload(grains)
        states[0].upload(grains)
        states[1].upload(grains)
        for iterate in iterates { iterate.allocate(byteCount: grainCount * 16) }
        reshape(profile)
        for program in Array(solvePrograms.values) + [writeBackProgram, snapProgram, expandProgram] {
            program.set("grainCount", UInt32(grainCount))
        }
        let largestRadius = grains.map(\.radius).max() ?? profile.grainRadius
        let reach = ContactListReach(largestRadius: largestRadius)
        listing.configure(grid: NeighbourGrid(profile: profile, reach: reach.reach), reach: reach, grainCount: grainCount)
        for program in solvePrograms.values { program.set("relistDistance", reach.relistDistance) }
        grainRadius = profile.grainRadius
        setColors(GrainColors.perGrain(count: grainCount, random: false))
        vertexBuffer.allocate(byteCount: Self.meshBytes(count: grainCount))
        if epoxy_glGetError() == GLenum(GL_OUT_OF_MEMORY) {
            throw GLError.bufferTooLarge("\(grainCount) grains need \(Self.describe(bytes: Self.meshBytes(count: grainCount))) of GPU buffers, more than this GL could allocate; use fewer grains")
        }
        substeps = PhysicsConstants.substeps
        frameIndex = 0
        upperCounter.reset(grainCount: grainCount)
        grainBytesRead = 0
    }

    /// Uploads the glass's lookup table (a long timer's neck changes it between runs).
    public func reshape(_ profile: HourglassProfile) {
        let table = ProfileLookupTable(profile: profile)
        profileTable.upload(table.radii, usage: GL_STATIC_DRAW)
        for program in solvePrograms.values {
            program.set("profileMinY", table.minY)
            program.set("profileSpacing", table.spacing)
            program.set("floorY", -profile.innerHalfHeight)
        }
    }

    private static func meshBytes(count: Int) -> Int {
        count * Icosphere.vertexCount * MeshVertexLayout.stride
    }

    /// The most grains this GL can hold: the expanded mesh, the largest buffer, must fit in one
    /// shader storage block (128 MB on llvmpipe, whatever the memory), and the contact lists in
    /// the largest buffer texture. Nil where neither sets a limit.
    public static func largestCount() -> Int? {
        [mostByMesh(), mostByLists()].compactMap { $0 }.min()
    }

    private static func storageBlockLimit() -> Int {
        var limit: GLint64 = 0
        epoxy_glGetInteger64v(GLenum(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), &limit)
        return Int(limit)
    }

    private static func mostByMesh() -> Int? {
        let limit = storageBlockLimit()
        return limit > 0 ? limit / (Icosphere.vertexCount * MeshVertexLayout.stride) : nil
    }

    private static func mostByLists() -> Int? {
        let texels = BufferTexture.maximumTexels
        return texels > 0 ? texels / (PhysicsConstants.contactListSlots + 1) : nil
    }

    /// Refuses a count beyond `largestCount`, naming the buffer that does not fit.
    private static func checkRoom(count: Int) throws {
        let renderer = GLInfo.current().renderer
        if let most = mostByMesh(), count > most {
            throw GLError.bufferTooLarge("\(count) grains need a \(describe(bytes: meshBytes(count: count))) mesh buffer; this GL (\(renderer)) allows shader storage blocks of \(describe(bytes: storageBlockLimit())), so at most \(most) grains")
        }
        if let most = mostByLists(), count > most {
            throw GLError.bufferTooLarge("\(count) grains need contact lists of \(ContactListing.largestView(grainCount: count)) words; this GL (\(renderer)) allows buffer textures of \(BufferTexture.maximumTexels), so at most \(most) grains")
        }
    }

    private static func describe(bytes: Int) -> String {
        bytes >= 1 << 30 ? String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) : "\(bytes >> 20) MB"
    }

    /// One packed RGBA8 colour per grain, by grain, read by `expandMeshes`.
    public func setColors(_ packed: [UInt32]) {
        colors.upload(packed, usage: GL_STATIC_DRAW)
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = max(frameDt, 0)
        guard dt > 0, substeps > 0, grainCount > 0 else { return }
        let schedule = SolveSchedule.compute(dt: dt, substepsPerTick: substeps, parameters: parameters, grainRadius: grainRadius)
        let subDt = dt / Float(schedule.substeps)
        lastSubsteps = schedule.substeps
        for program in solvePrograms.values {
            program.set("gravity", parameters.gravityVector(angle: angle))
            program.set("up", parameters.up(angle: angle))
            program.set("speedScale", parameters.speedScale)
            program.set("subDt", subDt)
            program.set("flowDamping", pow(PhysicsConstants.flowDamping, subDt))
            program.set("settleDamping", pow(PhysicsConstants.settleDamping, subDt))
            program.set("neckDamping", parameters.neckDamping)
            program.set("sleepEnabled", angle == 0 && parameters.sleepAllowed)
            program.set("frameIndex", frameIndex)
        }
        lastDispatches = 0
        for substep in 0..<schedule.substeps {
            listing.sortIfArmed(grains: states[current])
            solve(iterations: schedule.iterations, firstSubstep: substep == 0)
            listing.advance()
            current = 1 - current
        }
        writeBack()
        frameIndex &+= 1
    }

    /// One substep's contact iterations, from `states[current]` into the other state.
    private func solve(iterations: Int, firstSubstep: Bool) {
        states[current].bind(unit: ComputeBindings.grainsUnit)
        states[1 - current].bindImage(unit: ComputeBindings.grainsImage)
        listing.contacts.bind(unit: ComputeBindings.contactListUnit)
        listing.listedAt.bind(unit: ComputeBindings.listedAtUnit)
        listing.ids.bind(unit: ComputeBindings.idsUnit)
        profileTable.bind(unit: ComputeBindings.profileUnit)
        for iteration in 0..<iterations {
            let role = IterationRole(iteration, of: iterations)
            let program = solvePrograms[role]!
            iterates[iteration % 2].bindImage(unit: ComputeBindings.iterateImage)
            iterates[(iteration + 1) % 2].bind(unit: ComputeBindings.iterateUnit)
            if role.isLast {
                program.set("firstSubstep", firstSubstep)
                listing.prepareArming(program)
            }
            program.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
            epoxy_glMemoryBarrier(ContactListing.barrier)
            lastDispatches += 1
        }
    }

    /// Every grain from cell order back to load order, in `particleBuffer`.
    private func writeBack() {
        states[current].bind(unit: ComputeBindings.grainsUnit)
        listing.ids.bind(unit: ComputeBindings.idsUnit)
        particleBuffer.bind(to: ComputeBindings.particles)
        writeBackProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(ContactListing.barrier | GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
        lastDispatches += 1
    }

    public func snapAfterFlip() {
        guard grainCount > 0 else { return }
        states[current].buffer.bind(to: ComputeBindings.particles)
        snapProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(ContactListing.barrier)
        listing.arm()
        writeBack()
    }

    /// Sorts since the last `load` (waits for the GPU: for benchmarks and tests).
    public func sortCount() -> Int {
        listing.sortCount()
    }

    /// Compute dispatches one sort issues.
    public var dispatchesPerSort: Int { listing.stages }

    /// Writes the grain mesh into `vertexBuffer`, ready to draw with `Icosphere.indexBuffer`.
    public func expandMeshes() {
        guard grainCount > 0 else { return }
        particleBuffer.bind(to: ComputeBindings.particles)
        colors.bind(to: ComputeBindings.colors)
        corners.bind(to: ComputeBindings.corners)
        vertexBuffer.bind(to: ComputeBindings.vertices)
        expandProgram.dispatch(invocations: grainCount * Icosphere.vertexCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
    }

    public func readGrains() -> [Grain] {
        grainBytesRead += grainCount * MemoryLayout<Grain>.stride
        return particleBuffer.read(Grain.self, count: grainCount)
    }

    public func requestUpperCount(tag: Int) {
        guard grainCount > 0 else { return }
        upperCounter.request(particles: particleBuffer, grainCount: grainCount, tag: tag)
    }

    public func latestUpperCount() -> UpperCount? {
        upperCounter.collect()
        return upperCounter.latest
    }
}
