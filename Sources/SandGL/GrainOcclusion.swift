import CEpoxy
import GLSupport
import SandSim

/// How full the pile is around every point of the glass, each frame, for the grains' ambient
/// occlusion (object-space, as MegaMol's: Grottel et al. 2012): the grains are counted into
/// cells of `GrainLook.occlusionCellDiameters` grain diameters, and each count, as a share of
/// a packed pile's, is written into a 3D texture that the grains' fragment shaders sample
/// between cells. Two dispatches and no readback, whatever holds the grains.
final class GrainOcclusion {
    static let countsBinding = 15
    static let fieldTextureUnit = 1

    private let countProgram: ShaderProgram
    private let resolveProgram: ShaderProgram
    private let counts = StorageBuffer()
    private var field: Texture3D?
    private var origin = SIMD3<Float>.zero
    private var cellSize: Float = 1
    private var configuredRadius: Float = -1

    init(shaders: ShaderSource) throws {
        countProgram = try ShaderProgram(compute: "occlusion_count.comp", source: shaders)
        resolveProgram = try ShaderProgram(compute: "occlusion_resolve.comp", source: shaders)
    }

    /// Counts the `count` grains bound at `GrainRenderer.particlesBinding` into the field.
    func update(count: Int, profile: HourglassProfile) {
        configure(profile)
        guard let field else { return }
        counts.bind(to: Self.countsBinding)
        countProgram.set("grainCount", UInt32(count))
        countProgram.dispatch(invocations: count, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        field.bindImageForWriting(unit: 0)
        resolveProgram.dispatch(invocations: Int(field.size.x * field.size.y * field.size.z), groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
        field.bindTexture(unit: Self.fieldTextureUnit)
    }

    /// World positions to the field's texture coordinates, given world to the container's frame.
    func worldToField(_ containerFromWorld: Matrix4) -> Matrix4 {
        guard let field else { return .identity }
        let extent = SIMD3<Float>(Float(field.size.x), Float(field.size.y), Float(field.size.z)) * cellSize
        return Matrix4.scale(1 / extent) * Matrix4.translation(-origin) * containerFromWorld
    }

    /// Cells sized to the grains, over the glass's inside and one cell more each way (so the
    /// field is empty at its edges, where sampling clamps); rebuilt when the grain size changes.
    private func configure(_ profile: HourglassProfile) {
        guard profile.grainRadius != configuredRadius else { return }
        configuredRadius = profile.grainRadius
        cellSize = 2 * profile.grainRadius * GrainLook.occlusionCellDiameters
        let half = SIMD3<Float>(HourglassProfile.chamberRadius, profile.innerHalfHeight, HourglassProfile.chamberRadius) + cellSize
        let cells = SIMD3<Int32>((2 * half / cellSize).rounded(.up))
        origin = -SIMD3<Float>(cells) * cellSize / 2
        field = Texture3D(size: cells)
        counts.upload([UInt32](repeating: 0, count: Int(cells.x * cells.y * cells.z)))
        let grainVolume = 4 / 3 * Float.pi * profile.grainRadius * profile.grainRadius * profile.grainRadius
        for program in [countProgram, resolveProgram] {
            program.set("fieldOrigin", origin)
            program.set("fieldCellSize", cellSize)
            program.set("fieldSize", cells)
        }
        resolveProgram.set("packedCount", GrainLook.packedFraction * cellSize * cellSize * cellSize / grainVolume)
    }
}
