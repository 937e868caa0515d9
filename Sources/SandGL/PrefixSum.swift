@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Exclusive prefix sum of `UInt32`s on the GPU: each work group scans one block, the blocks'
/// totals are scanned the same way (recursively), then added back.
final class PrefixSum {
    /// Issues one of the scan's dispatches: its program and its number of work groups.
    typealias Dispatch = (ShaderProgram, Int) -> Void

    private let scanProgram: ShaderProgram
    private let addProgram: ShaderProgram
    /// Block totals for each level of the recursion.
    private var levels: [StorageBuffer] = []
    /// Each level's count of values, a buffer a level: a sort of the same count uploads nothing.
    private var counts: [UniformBlock<DispatchBlock>] = []

    static let valuesPerGroup = PhysicsConstants.workGroupSize * PhysicsConstants.scanValuesPerInvocation

    init(shaders: ShaderSource) throws {
        scanProgram = try ShaderProgram(compute: "prefix_sum.comp", source: shaders)
        addProgram = try ShaderProgram(compute: "prefix_sum_add.comp", source: shaders)
    }

    /// Makes room for sums of up to `capacity` values.
    func reserve(capacity: Int) {
        var count = capacity, level = 0
        repeat {
            count = Self.blocks(count)
            if level == levels.count { levels.append(StorageBuffer()) }
            if level == counts.count { counts.append(UniformBlock()) }
            if levels[level].byteCount < count * 4 { levels[level].allocate(byteCount: count * 4) }
            level += 1
        } while count > 1
    }

    /// The work groups of each dispatch `scan` issues for `count` values, in order.
    static func groupCounts(count: Int) -> [Int] {
        let blocks = Self.blocks(count)
        guard blocks > 1 else { return [blocks] }
        return [blocks] + groupCounts(count: blocks) + [(count + PhysicsConstants.workGroupSize - 1) / PhysicsConstants.workGroupSize]
    }

    /// `output[i] = input[0] + … + input[i - 1]` for the first `count` values; `input` and
    /// `output` may be the same buffer. `dispatch` issues each of `groupCounts(count:)` in turn.
    func scan(_ input: StorageBuffer, into output: StorageBuffer, count: Int, level: Int = 0, dispatch: Dispatch = PrefixSum.direct) {
        let blocks = Self.blocks(count)
        input.bind(to: ComputeBindings.scanValues)
        output.bind(to: ComputeBindings.scanSums)
        levels[level].bind(to: ComputeBindings.scanTotals)
        counts[level].bind(DispatchBlock(valueCount: UInt32(count)))
        dispatch(scanProgram, blocks)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        guard blocks > 1 else { return }
        scan(levels[level], into: levels[level], count: blocks, level: level + 1, dispatch: dispatch)
        output.bind(to: ComputeBindings.scanSums)
        levels[level].bind(to: ComputeBindings.scanTotals)
        counts[level].bind(DispatchBlock(valueCount: UInt32(count)))
        dispatch(addProgram, (count + PhysicsConstants.workGroupSize - 1) / PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
    }

    static func direct(_ program: ShaderProgram, groups: Int) {
        program.use()
        epoxy_glDispatchCompute(GLuint(groups), 1, 1)
    }

    private static func blocks(_ count: Int) -> Int {
        max(1, (count + valuesPerGroup - 1) / valuesPerGroup)
    }
}
