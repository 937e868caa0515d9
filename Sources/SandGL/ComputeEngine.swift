import CEpoxy
import GLSupport
import SandSim

/// The physics in GLSL compute shaders, behind the same protocol as the CPU engine. GPU mode
/// reads the grains back each frame (`readGrains`); Instanced mode calls `expandMeshes` and
/// draws `vertexBuffer` directly, so nothing comes back.
public final class ComputeEngine: PhysicsEngine {
    public let name: String
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    public private(set) var grainCount = 0

    private let predictProgram: ShaderProgram
    private let physicsProgram: ShaderProgram
    private let finishProgram: ShaderProgram
    private let snapProgram: ShaderProgram
    private let expandProgram: ShaderProgram
    private let gridSort: GridSort
    /// Ping-pong pair: each substep reads `particles[current]` and writes the other.
    private let particles = [StorageBuffer(), StorageBuffer()]
    private var current = 0
    private let profileTable = StorageBuffer()
    /// How many contacts each grain had in the substep: a grain touching nothing may not sleep.
    private let contactCounts = StorageBuffer()
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
        predictProgram = try ShaderProgram(compute: "grain_predict.comp", source: shaders)
        physicsProgram = try ShaderProgram(compute: "physics_step.comp", source: shaders)
        finishProgram = try ShaderProgram(compute: "grain_finish.comp", source: shaders)
        snapProgram = try ShaderProgram(compute: "snap_after_flip.comp", source: shaders)
        expandProgram = try ShaderProgram(compute: "expand_meshes.comp", source: shaders)
        gridSort = try GridSort(shaders: shaders)
        corners.upload(Icosphere.vertices.map { SIMD4<Float>($0, 0) }, usage: GL_STATIC_DRAW)
    }

    /// The buffer holding the current grains, for renderers that read positions on the GPU.
    public var particleBuffer: StorageBuffer { particles[current] }
    /// One packed RGBA8 colour per grain, for renderers that draw the grains on the GPU.
    public var colorBuffer: StorageBuffer { colors }

    public func load(_ grains: [Grain], profile: HourglassProfile) throws {
        try Self.checkRoom(count: grains.count)
        grainCount = grains.count
        current = 0
        particles[0].upload(grains)
        particles[1].upload(grains)
        let table = ProfileLookupTable(profile: profile)
        profileTable.upload(table.radii, usage: GL_STATIC_DRAW)
        for program in [physicsProgram, finishProgram] {
            program.set("profileMinY", table.minY)
            program.set("profileSpacing", table.spacing)
        }
        for program in [predictProgram, physicsProgram, finishProgram] {
            program.set("floorY", -profile.innerHalfHeight)
        }
        contactCounts.allocate(byteCount: grainCount * 4)
        for program in [predictProgram, finishProgram, snapProgram, expandProgram] {
            program.set("grainCount", UInt32(grainCount))
        }
        let largestRadius = grains.map(\.radius).max() ?? profile.grainRadius
        grainRadius = profile.grainRadius
        gridSort.configure(grid: NeighbourGrid(profile: profile, largestGrainRadius: largestRadius), grainCount: grainCount, readers: [predictProgram, physicsProgram])
        setColors(GrainColors.perGrain(count: grainCount, random: false))
        vertexBuffer.allocate(byteCount: Self.meshBytes(count: grainCount))
        if epoxy_glGetError() == GLenum(GL_OUT_OF_MEMORY) {
            throw GLError.bufferTooLarge("\(grainCount) grains need \(Self.describe(bytes: Self.meshBytes(count: grainCount))) of GPU buffers, more than this GL could allocate; use fewer grains")
        }
        substeps = PhysicsConstants.substeps
        frameIndex = 0
    }

    private static func meshBytes(count: Int) -> Int {
        count * Icosphere.vertexCount * MeshVertexLayout.stride
    }

    /// Refuses a count whose largest buffer, the expanded mesh, exceeds what one shader storage
    /// block may hold here (128 MB on llvmpipe, whatever the memory).
    private static func checkRoom(count: Int) throws {
        var limit: GLint64 = 0
        epoxy_glGetInteger64v(GLenum(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), &limit)
        let needed = meshBytes(count: count)
        guard limit <= 0 || needed <= Int(limit) else {
            let most = Int(limit) / (Icosphere.vertexCount * MeshVertexLayout.stride)
            throw GLError.bufferTooLarge("\(count) grains need a \(describe(bytes: needed)) mesh buffer; this GL (\(GLInfo.current().renderer)) allows shader storage blocks of \(describe(bytes: Int(limit))), so at most \(most) grains")
        }
    }

    private static func describe(bytes: Int) -> String {
        bytes >= 1 << 30 ? String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) : "\(bytes >> 20) MB"
    }

    /// One packed RGBA8 colour per grain, read by `expandMeshes`.
    public func setColors(_ packed: [UInt32]) {
        colors.upload(packed, usage: GL_STATIC_DRAW)
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = SimulationParameters.clampedFrameDt(frameDt)
        guard dt > 0, substeps > 0, grainCount > 0, let grid = gridSort.grid else { return }
        let count = max(substeps, parameters.substepsForSpeed(grainRadius: grainRadius, frameDt: dt))
        let subDt = dt / Float(count)
        lastSubsteps = count
        predictProgram.set("gravity", parameters.gravityVector(angle: angle))
        predictProgram.set("frameIndex", frameIndex)
        for program in [predictProgram, finishProgram] {
            program.set("speedScale", parameters.speedScale)
            program.set("subDt", subDt)
        }
        for program in [predictProgram, physicsProgram, finishProgram] {
            program.set("sleepEnabled", angle == 0 && parameters.sleepAllowed)
        }
        finishProgram.set("neckDamping", parameters.neckDamping)
        profileTable.bind(to: 2)
        for substep in 0..<count {
            predictProgram.set("firstSubstep", substep == 0)
            gridSort.sort(particles[current])
            particles[current].bind(to: 0)
            particles[1 - current].bind(to: 1)
            contactCounts.bind(to: 10)
            predictProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
            epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
            for colour in 0..<NeighbourGrid.sweepColours {
                physicsProgram.set("colour", UInt32(colour))
                physicsProgram.dispatch(invocations: grid.blockCount(colour: colour), groupSize: PhysicsConstants.workGroupSize)
                epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
            }
            finishProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
            epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
            current = 1 - current
        }
        frameIndex &+= 1
    }

    public func snapAfterFlip() {
        guard grainCount > 0 else { return }
        particles[current].bind(to: 0)
        snapProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
    }

    /// Writes the grain mesh into `vertexBuffer`, ready to draw with `Icosphere.indexBuffer`.
    public func expandMeshes() {
        guard grainCount > 0 else { return }
        particles[current].bind(to: 0)
        colors.bind(to: 3)
        corners.bind(to: 4)
        vertexBuffer.bind(to: 5)
        expandProgram.dispatch(invocations: grainCount * Icosphere.vertexCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
    }

    public func readGrains() -> [Grain] {
        particles[current].read(Grain.self, count: grainCount)
    }
}
