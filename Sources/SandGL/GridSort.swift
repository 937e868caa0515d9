import CEpoxy
import GLSupport
import SandSim

/// Sorts the grains into `NeighbourGrid` cells on the GPU before each physics substep: count
/// the grains per cell, prefix-sum the counts into each cell's start, scatter the grain
/// indices. `physics_step.comp` then reads a cell's grains as one range of `sortedGrains`.
final class GridSort {
    private let countProgram: ShaderProgram
    private let scatterProgram: ShaderProgram
    private let prefixSum: PrefixSum
    let cellCounts = StorageBuffer()
    let cellStarts = StorageBuffer()
    let sortedGrains = StorageBuffer()
    /// Each grain's place among the grains of its cell, from the counting step.
    private let grainSlots = StorageBuffer()
    /// The layout the grains are sorted into; nil until `configure`.
    private(set) var grid: NeighbourGrid?
    private var grainCount = 0

    init(shaders: ShaderSource) throws {
        countProgram = try ShaderProgram(compute: "grid_count.comp", source: shaders)
        scatterProgram = try ShaderProgram(compute: "grid_scatter.comp", source: shaders)
        prefixSum = try PrefixSum(shaders: shaders)
    }

    /// Sizes the buffers for `grid` and `grainCount`, and gives every program that reads the
    /// grid (these and `readers`) its layout.
    func configure(grid: NeighbourGrid, grainCount: Int, readers: [ShaderProgram]) {
        self.grid = grid
        self.grainCount = grainCount
        cellCounts.allocate(byteCount: grid.cellCount * 4)
        cellStarts.allocate(byteCount: grid.cellCount * 4)
        sortedGrains.allocate(byteCount: grainCount * 4)
        grainSlots.allocate(byteCount: grainCount * 4)
        prefixSum.reserve(capacity: grid.cellCount)
        for program in [countProgram, scatterProgram] + readers {
            program.set("gridOrigin", grid.origin)
            program.set("gridCellSize", grid.cellSize)
            program.set("gridSize", grid.dimensions)
        }
        for program in [countProgram, scatterProgram] {
            program.set("grainCount", UInt32(grainCount))
        }
    }

    /// Sorts the grains in `particles` and binds the result for `physics_step.comp`.
    func sort(_ particles: StorageBuffer) {
        guard let grid, grainCount > 0 else { return }
        var zero: UInt32 = 0
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), cellCounts.id)
        epoxy_glClearBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), GLenum(GL_R32UI), GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_INT), &zero)

        particles.bind(to: 0)
        cellCounts.bind(to: 7)
        grainSlots.bind(to: 9)
        countProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))

        prefixSum.scan(cellCounts, into: cellStarts, count: grid.cellCount)

        particles.bind(to: 0)
        cellStarts.bind(to: 6)
        sortedGrains.bind(to: 8)
        grainSlots.bind(to: 9)
        scatterProgram.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        cellCounts.bind(to: 7)
    }
}
