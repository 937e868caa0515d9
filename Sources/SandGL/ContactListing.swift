@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Sorts the grains into `NeighbourGrid` cells, reorders their data in cell order and lists each
/// grain's neighbours (count, prefix sum, reorder, list: NVIDIA's `particles` hashes, sorts and
/// reorders the same way), but only when a grain may have moved far enough since the last sort to
/// miss a contact (`ContactListReach`): its four stages are indirect dispatches whose group counts
/// the solve's last iteration writes (relist.glsl), so a sort that is not needed does no work and
/// the CPU never waits to decide. They are issued only every `interval` substeps, a check: the
/// substep before one arms it for any grain that may come that far before the check after it.
final class ContactListing {
    private let countProgram: ShaderProgram
    private let reorderProgram: ShaderProgram
    private let listProgram: ShaderProgram
    private let prefixSum: PrefixSum
    /// The grid and the skin (set by `configure`), and the grains' count, for the sort's programs.
    private let listingBlock = UniformBlock<ListingBlock>()
    private let countBlock = UniformBlock<DispatchBlock>()
    private let cellCounts = StorageBuffer()
    private let cellStarts = StorageBuffer()
    private let grainSlots = StorageBuffer()
    private let scratch = BufferTexture(format: GL_RGBA32F)
    private let scratchIds = BufferTexture(format: GL_R32UI)
    /// For each place in cell order, the grain there, by its index in load order.
    let ids = BufferTexture(format: GL_R32UI)
    /// Where each grain was when the lists were built.
    let listedAt = BufferTexture(format: GL_RGBA32F)
    /// Each grain's count of neighbours, then their places (contact_list.glsl).
    let contacts = BufferTexture(format: GL_R32UI)
    /// What each grain's contacts remember (contact_layout.glsl), and at a sort each grain's old
    /// neighbours by grain and what they remembered, for the new lists to keep.
    let memory = BufferTexture(format: GL_RGBA32F)
    private let scratchNeighbours = StorageBuffer()
    private let scratchMemory = StorageBuffer()
    /// Two slots of the stages' group counts (one per substep parity), then the template.
    private let arguments = StorageBuffer()
    private let relists = StorageBuffer()
    private var template: [UInt32] = []
    /// The slot the next check reads.
    private var parity = 0
    /// Substeps from one check to the next (SolveSchedule.relistInterval).
    private(set) var interval = 1
    /// Substeps before the next check: 0 when the next substep begins with one.
    private var untilCheck = 0
    private var grainCount = 0
    private var cellCount = 0

    /// The dispatches one sort issues.
    private(set) var stages = 0

    init(shaders: ShaderSource) throws {
        countProgram = try ShaderProgram(compute: "grid_count.comp", source: shaders)
        reorderProgram = try ShaderProgram(compute: "grain_reorder.comp", source: shaders)
        listProgram = try ShaderProgram(compute: "contact_list.comp", source: shaders)
        prefixSum = try PrefixSum(shaders: shaders)
    }

    /// Sizes everything for `grainCount` grains in `grid`, gives every program that reads the
    /// grid its layout, puts the grains in load order and arms the first sort.
    func configure(grid: NeighbourGrid, reach: ContactListReach, grainCount: Int) {
        self.grainCount = grainCount
        cellCount = grid.cellCount
        // One count more than there are cells, always 0, so a cell's grains end where the next
        // cell's start.
        cellCounts.upload([UInt32](repeating: 0, count: cellCount + 1))
        cellStarts.allocate(byteCount: (cellCount + 1) * 4)
        grainSlots.allocate(byteCount: grainCount * 4)
        scratch.allocate(byteCount: grainCount * MemoryLayout<Grain>.stride)
        scratchIds.allocate(byteCount: grainCount * 4)
        ids.upload((0..<UInt32(grainCount)).map { $0 })
        listedAt.allocate(byteCount: grainCount * 16)
        contacts.allocate(byteCount: grainCount * (PhysicsConstants.contactListSlots + 1) * 4)
        contacts.buffer.clear()
        memory.allocate(byteCount: grainCount * PhysicsConstants.contactListSlots * 16)
        memory.buffer.clear()
        scratchNeighbours.allocate(byteCount: grainCount * (PhysicsConstants.contactListSlots + 1) * 4)
        scratchMemory.allocate(byteCount: grainCount * PhysicsConstants.contactListSlots * 16)
        relists.upload([UInt32(0)])
        prefixSum.reserve(capacity: cellCount + 1)
        listingBlock.upload(ListingBlock(grid: grid, skin: reach.skin))
        let grainGroups = (grainCount + PhysicsConstants.workGroupSize - 1) / PhysicsConstants.workGroupSize
        let groups = [grainGroups] + PrefixSum.groupCounts(count: cellCount + 1) + [grainGroups, grainGroups]
        stages = groups.count
        template = groups.flatMap { [UInt32($0), 1, 1] }
        let idle = template.indices.map { $0 % 3 == 0 ? 0 : template[$0] }
        parity = 0
        untilCheck = 0
        arguments.upload(template + idle + template)
    }

    /// The words of the buffer views the lists take, for a check against the GL's limits.
    static func largestView(grainCount: Int) -> Int {
        grainCount * (PhysicsConstants.contactListSlots + 1)
    }

    /// The next substep checks and sorts, whether or not a grain moved far, and the contacts
    /// remember nothing: after a load or a flip.
    func arm() {
        untilCheck = 0
        epoxy_glMemoryBarrier(Self.barrier)
        memory.buffer.clear()
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), arguments.id)
        template.withUnsafeBytes { bytes in
            epoxy_glBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), slotWord(parity) * 4, bytes.count, bytes.baseAddress)
        }
    }

    /// Whether the next substep begins with a check (`sortIfArmed`).
    var checkDue: Bool { untilCheck == 0 }

    /// Checks `interval` substeps apart from now on; the next one no later than that.
    func setInterval(_ substeps: Int) {
        interval = max(substeps, 1)
        untilCheck = min(untilCheck, interval - 1)
    }

    /// At a check, before its substep: sorts `grains` (the substep's start, in place) if a grain
    /// armed it.
    func sortIfArmed(grains: BufferTexture) {
        guard grainCount > 0 else { return }
        listingBlock.bind()
        let count = DispatchBlock(grainTotal: UInt32(grainCount))
        countBlock.bind(count)
        var stage = 0
        epoxy_glBindBuffer(GLenum(GL_DISPATCH_INDIRECT_BUFFER), arguments.id)
        let indirect: PrefixSum.Dispatch = { [self] program, _ in
            program.dispatchIndirect(offset: (slotWord(parity) + 3 * stage) * 4)
            stage += 1
        }
        grains.bind(unit: ComputeBindings.grainsUnit)
        ids.bind(unit: ComputeBindings.idsUnit)
        cellCounts.bind(to: ComputeBindings.cellCounts)
        grainSlots.bind(to: ComputeBindings.grainSlots)
        indirect(countProgram, 0)
        epoxy_glMemoryBarrier(Self.barrier)

        prefixSum.scan(cellCounts, into: cellStarts, count: cellCount + 1, dispatch: indirect)
        // The scan bound its own counts at the dispatch block's binding.
        countBlock.bind(count)

        cellStarts.bind(to: ComputeBindings.cellStarts)
        cellCounts.bind(to: ComputeBindings.cellCounts)
        grainSlots.bind(to: ComputeBindings.grainSlots)
        scratch.bindImage(unit: ComputeBindings.scratchImage)
        scratchIds.bindImage(unit: ComputeBindings.scratchIdsImage)
        contacts.bind(unit: ComputeBindings.contactListUnit)
        memory.bind(unit: ComputeBindings.memoryUnit)
        scratchNeighbours.bind(to: ComputeBindings.scratchNeighbours)
        scratchMemory.bind(to: ComputeBindings.scratchMemory)
        indirect(reorderProgram, 0)
        epoxy_glMemoryBarrier(Self.barrier)

        scratch.bind(unit: ComputeBindings.scratchUnit)
        scratchIds.bind(unit: ComputeBindings.scratchIdsUnit)
        grains.bindImage(unit: ComputeBindings.grainsImage)
        ids.bindImage(unit: ComputeBindings.idsImage)
        listedAt.bindImage(unit: ComputeBindings.listedAtImage)
        contacts.bindImage(unit: ComputeBindings.contactListImage)
        relists.bind(to: ComputeBindings.relistCount)
        memory.buffer.bind(to: ComputeBindings.contactMemory)
        indirect(listProgram, 0)
        epoxy_glMemoryBarrier(Self.barrier)
    }

    /// What the solve's last iteration `ahead` substeps from now arms and clears, in the solve's
    /// parameters: each check reads the other slot; the substep that has read one clears it, and
    /// the substep before a check arms it, looking as far ahead as the check after it.
    func setArming(_ parameters: inout SolveParameters, ahead: Int) {
        let checks = ahead >= untilCheck ? (ahead - untilCheck) / interval + 1 : 0
        let nextChecks = ahead + 1 >= untilCheck && (ahead + 1 - untilCheck) % interval == 0
        parameters.relistStages = UInt32(stages)
        parameters.armedSlot = UInt32(slotWord((parity + checks) % 2))
        parameters.spentSlot = UInt32(slotWord((parity + checks + 1) % 2))
        parameters.templateSlot = UInt32(slotWord(2))
        parameters.relistLookahead = nextChecks ? Float(interval) : 0
    }

    /// Binds the group counts for the solve's last iteration to arm.
    func bindArming() {
        arguments.bind(to: ComputeBindings.relistArgs)
    }

    /// After a substep: after a check the next one reads the other slot.
    func advance() {
        if untilCheck == 0 {
            parity = 1 - parity
            untilCheck = interval - 1
        } else {
            untilCheck -= 1
        }
    }

    /// Sorts so far since `configure` (waits for the GPU: for benchmarks and tests).
    func sortCount() -> Int {
        Int(relists.read(UInt32.self, count: 1)[0])
    }

    private func slotWord(_ slot: Int) -> Int {
        slot * 3 * stages
    }

    /// Every way one stage's writes reach the next: storage, texel fetches, images, and the
    /// indirect group counts.
    static let barrier = GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT)
}
