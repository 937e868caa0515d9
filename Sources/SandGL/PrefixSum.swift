import CEpoxy
import GLSupport
import SandSim

/// Exclusive prefix sum of `UInt32`s on the GPU: each work group scans one block, the blocks'
/// totals are scanned the same way (recursively), then added back.
final class PrefixSum {
    private let scanProgram: ShaderProgram
    private let addProgram: ShaderProgram
    /// Block totals for each level of the recursion.
    private var levels: [StorageBuffer] = []

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
            if levels[level].byteCount < count * 4 { levels[level].allocate(byteCount: count * 4) }
            level += 1
        } while count > 1
    }

    /// `output[i] = input[0] + … + input[i - 1]` for the first `count` values; `input` and
    /// `output` may be the same buffer.
    func scan(_ input: StorageBuffer, into output: StorageBuffer, count: Int, level: Int = 0) {
        let blocks = Self.blocks(count)
        input.bind(to: 10)
        output.bind(to: 11)
        levels[level].bind(to: 12)
        scanProgram.set("valueCount", UInt32(count))
        scanProgram.dispatch(invocations: blocks * PhysicsConstants.workGroupSize, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        guard blocks > 1 else { return }
        scan(levels[level], into: levels[level], count: blocks, level: level + 1)
        output.bind(to: 11)
        levels[level].bind(to: 12)
        addProgram.set("valueCount", UInt32(count))
        addProgram.dispatch(invocations: count, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
    }

    private static func blocks(_ count: Int) -> Int {
        max(1, (count + valuesPerGroup - 1) / valuesPerGroup)
    }
}
