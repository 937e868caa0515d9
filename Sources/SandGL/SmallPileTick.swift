@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// A small pile's whole tick in one dispatch of one work group (small_pile_tick.comp): every
/// substep, the listing when a grain armed it, the grains back in load order and the count above
/// the neck. A large pile's tick issues a few dispatches a substep, each with a memory barrier;
/// below `largestCount` those launches, not the arithmetic, are what a tick costs
/// (docs/BENCHMARKS.md, "Launches").
final class SmallPileTick {
    private let program: ShaderProgram
    /// The substeps' states, the iterations' positions and where each grain was listed.
    private let grains = BufferTexture(format: GL_RGBA32F)
    /// The control words, the grid's counts and starts, the cell order and the contact lists.
    private let words = BufferTexture(format: GL_R32UI)
    private var grainCount = 0

    /// The largest pile whose tick runs in one work group: above it, a tick on one of
    /// llvmpipe's threads costs more than the launches it saves (docs/BENCHMARKS.md, "Launches").
    static let largestCount = 1_000

    /// The control words at the start of `words`, as the shader names them.
    static let sortsWord = 0, armedWord = 1, controlWords = 2
    static let wordDefines: [(String, Int)] = [
        ("TICK_WORD_SORTS", sortsWord), ("TICK_WORD_ARMED", armedWord), ("TICK_WORD_CONTROL", controlWords),
    ]

    /// Invocations in the work group. llvmpipe runs a group eight invocations at a time on one
    /// thread and resumes every eight at each barrier, so a small group costs least (64 against
    /// 256: 1.3 against 3.3 ms a tick of 50 grains); a GPU runs a group's invocations side by
    /// side.
    static func groupSize(softwareGL: Bool) -> Int {
        softwareGL ? 64 : PhysicsConstants.workGroupSize
    }

    /// Needs a current GL 4.3 context on this thread.
    init(shaders: ShaderSource) throws {
        let size = Self.groupSize(softwareGL: GLInfo.current().isSoftware)
        program = try ShaderProgram(compute: "small_pile_tick.comp",
                                    source: shaders.adding(defines: "#define TICK_GROUP_SIZE \(size)", variant: "group\(size)"))
    }

    /// Sizes the buffers for `grainCount` grains in `grid`, and arms the first listing.
    func configure(grid: NeighbourGrid, reach: ContactListReach, grainCount: Int) {
        self.grainCount = grainCount
        grains.allocate(byteCount: 7 * grainCount * 16)
        let cells = grid.cellCount + 1
        let wordCount = Self.controlWords + 2 * cells + 2 * grainCount + grainCount * (PhysicsConstants.contactListSlots + 1)
        var initial = [UInt32](repeating: 0, count: wordCount)
        initial[Self.armedWord] = 1
        words.upload(initial)
        program.set("gridOrigin", grid.origin)
        program.set("gridCellSize", grid.cellSize)
        program.set("gridSize", grid.dimensions)
        program.set("listSkin", reach.skin)
    }

    /// The next tick lists the neighbours again first: after the grains were moved from outside.
    func arm() {
        var one: UInt32 = 1
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), words.buffer.id)
        epoxy_glBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), Self.armedWord * 4, 4, &one)
    }

    /// One tick of `substeps` on `particles` (load order, in place), with the solve's
    /// parameters and the glass already bound; the count above the neck goes to `upperSlot`
    /// of `upperCounts`.
    func run(substeps: Int, particles: StorageBuffer, upperCounts: StorageBuffer, upperSlot: Int) {
        particles.bind(to: ComputeBindings.particles)
        grains.bindImage(unit: ComputeBindings.tickGrainsImage, access: GL_READ_WRITE)
        words.bindImage(unit: ComputeBindings.tickWordsImage, access: GL_READ_WRITE)
        upperCounts.bind(to: ComputeBindings.upperCounts)
        program.set("substeps", UInt32(substeps))
        program.set("upperSlot", UInt32(upperSlot))
        program.use()
        epoxy_glDispatchCompute(1, 1, 1)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
    }

    /// Listings since `configure` (waits for the GPU: for benchmarks and tests).
    func sortCount() -> Int {
        Int(words.buffer.read(UInt32.self, count: Self.controlWords)[Self.sortsWord])
    }
}
