@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// A small pile's tick in one work group (small_pile_tick.comp): every substep, the listing when
/// a grain armed it, the grains back in load order and the count above the neck, in one dispatch
/// (or a few, below). A large pile's tick issues a few dispatches a substep, each with a memory
/// barrier; below `largestCount` those launches, not the arithmetic, are what a tick costs
/// (docs/BENCHMARKS.md, "Launches").
final class SmallPileTick {
    private let shaders: ShaderSource
    private let softwareGL: Bool
    /// The tick compiled for each group size asked for so far, for ticks in which grains may
    /// sleep and for those in which none may (`solving(sleeps:)`).
    private var programs: [ProgramKey: ShaderProgram] = [:]
    private struct ProgramKey: Hashable {
        let groupSize: Int
        let sleeps: Bool
    }
    /// The pile's group size, set by `configure`.
    private var groupSize: Int?
    /// The grid and the skin, set by `configure`.
    private let listingBlock = UniformBlock<ListingBlock>()
    private let dispatchBlock = UniformBlock<DispatchBlock>()
    /// The substeps' states, the iterations' positions and where each grain was listed.
    private let grains = BufferTexture(format: GL_RGBA32F)
    /// The control words, the grid's counts and starts, the cell order and the contact lists.
    private let words = BufferTexture(format: GL_R32UI)
    /// What each grain's contacts remember (contact_layout.glsl).
    private let memory = StorageBuffer()
    /// The dispatches the last tick took.
    private(set) var lastDispatches = 0

    /// The largest pile whose tick runs in one work group: above it, a tick on one of
    /// llvmpipe's threads costs more than the launches it saves (docs/BENCHMARKS.md, "Launches").
    static let largestCount = 1_000

    /// The control words at the start of `words`, as the shader names them.
    static let sortsWord = 0, armedWord = 1, doneWord = 2, controlWords = 3
    static let wordDefines: [(String, Int)] = [
        ("TICK_WORD_SORTS", sortsWord), ("TICK_WORD_ARMED", armedWord), ("TICK_WORD_DONE", doneWord), ("TICK_WORD_CONTROL", controlWords),
    ]

    /// llvmpipe ends any loop after 65,535 passes through the loops of one dispatch, counted
    /// for each eight invocations together (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS), so no eight
    /// invocations may hold more grains than this.
    static let grainsPerInvocation = 8
    /// ... and a dispatch runs at most this many substeps: each of an invocation's grains passes
    /// through about 80 loop iterations a substep (two iterations over its contacts; the
    /// listing's cells, candidates and insertions when a grain armed it), 640 for eight grains,
    /// so 24 substeps take under 16,000 of the 65,535 (docs/BENCHMARKS.md, "Launches").
    static let substepsPerDispatch = 24

    /// Invocations in the work group for `count` grains. llvmpipe runs a group eight invocations
    /// at a time on one thread and resumes every eight at each barrier, so the smallest group
    /// that keeps `grainsPerInvocation` costs least (32 against 256 invocations for 250 grains:
    /// 2.8 against 4.4 ms a tick); a GPU runs a group's invocations side by side.
    static func groupSize(count: Int, softwareGL: Bool) -> Int {
        guard softwareGL else { return PhysicsConstants.workGroupSize }
        var size = 32
        while size * grainsPerInvocation < count && size < 1024 { size *= 2 }
        return size
    }

    /// Needs a current GL 4.3 context on this thread. Compiles nothing: `configure` compiles the
    /// tick for the pile's group size (each costs about half a second on llvmpipe without its
    /// shader cache, and one for the largest pile was compiled here and rarely used).
    init(shaders: ShaderSource) {
        self.shaders = shaders
        softwareGL = GLInfo.current().isSoftware
    }

    private func compiled(_ key: ProgramKey) throws -> ShaderProgram {
        if let program = programs[key] { return program }
        let program = try ShaderProgram(compute: "small_pile_tick.comp",
                                        source: shaders.adding(defines: "#define TICK_GROUP_SIZE \(key.groupSize)", variant: "group\(key.groupSize)").solving(sleeps: key.sleeps))
        programs[key] = program
        return program
    }

    /// Sizes the buffers for `grainCount` grains in `grid`, and arms the first listing.
    func configure(grid: NeighbourGrid, reach: ContactListReach, grainCount: Int) throws {
        let groupSize = Self.groupSize(count: grainCount, softwareGL: softwareGL)
        for sleeps in [false, true] { _ = try compiled(ProgramKey(groupSize: groupSize, sleeps: sleeps)) }
        self.groupSize = groupSize
        grains.allocate(byteCount: 7 * grainCount * 16)
        let cells = grid.cellCount + 1
        let wordCount = Self.controlWords + 2 * cells + 2 * grainCount + grainCount * (PhysicsConstants.contactListSlots + 1)
        var initial = [UInt32](repeating: 0, count: wordCount)
        initial[Self.armedWord] = 1
        words.upload(initial)
        memory.allocate(byteCount: grainCount * PhysicsConstants.contactListSlots * 16)
        memory.clear()
        listingBlock.upload(ListingBlock(grid: grid, skin: reach.skin))
    }

    /// The next tick lists the neighbours again first, and the contacts remember nothing: after
    /// the grains were moved from outside.
    func arm() {
        var one: UInt32 = 1
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        memory.clear()
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), words.buffer.id)
        epoxy_glBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), Self.armedWord * 4, 4, &one)
    }

    /// One tick of `substeps` on `particles` (load order, in place), with the solve's
    /// parameters and the glass already bound (their sleepEnabled as `sleeps`); the count above
    /// the neck goes to `upperSlot` of `upperCounts`.
    func run(substeps: Int, sleeps: Bool, particles: StorageBuffer, upperCounts: StorageBuffer, upperSlot: Int) {
        guard let groupSize, let program = programs[ProgramKey(groupSize: groupSize, sleeps: sleeps)] else { return }
        listingBlock.bind()
        particles.bind(to: ComputeBindings.particles)
        grains.bindImage(unit: ComputeBindings.tickGrainsImage, access: GL_READ_WRITE)
        words.bindImage(unit: ComputeBindings.tickWordsImage, access: GL_READ_WRITE)
        upperCounts.bind(to: ComputeBindings.upperCounts)
        memory.bind(to: ComputeBindings.contactMemory)
        lastDispatches = 0
        var left = substeps
        while left > 0 {
            let run = min(left, Self.substepsPerDispatch)
            dispatchBlock.bind(DispatchBlock(upperSlot: UInt32(upperSlot), substeps: UInt32(run), tickStarts: left == substeps ? 1 : 0))
            program.use()
            epoxy_glDispatchCompute(1, 1, 1)
            epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
            lastDispatches += 1
            left -= run
        }
    }

    /// Listings since `configure` (waits for the GPU: for benchmarks and tests).
    func sortCount() -> Int {
        Int(words.buffer.read(UInt32.self, count: Self.controlWords)[Self.sortsWord])
    }

    /// The substeps the last dispatch finished, of those it was given: fewer only where
    /// llvmpipe cut its loop short (waits for the GPU: for tests).
    func substepsFinished() -> Int {
        Int(words.buffer.read(UInt32.self, count: Self.controlWords)[Self.doneWord])
    }
}
