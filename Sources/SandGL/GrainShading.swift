@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Each grain's look this frame, prepared once per grain on the GPU before the grains are
/// drawn (grain_shading.glsl reads it): its albedo with a shade of its own, and its occlusion
/// by the pile, object-space as MegaMol's (Grottel et al. 2012). The grains are counted into
/// cells of `GrainLook.occlusionCellDiameters` grain diameters; each count, as a share of a
/// packed pile's, goes into a 3D texture; each grain reads that field at its centre and a cell
/// either side. Three dispatches and no readback, whatever holds the grains.
final class GrainShading {
    static let countsBinding = 15
    static let shadesBinding = 16
    /// The image unit the field is written through.
    static let fieldImage = 0
    /// The shaders' OCCLUSION_FIELD_UNIT.
    static let fieldTextureUnit = 1
    /// What a grain's prepared look takes (grain_shading.glsl's GrainShade).
    static let shadeStride = 32

    private let countProgram: ShaderProgram
    private let resolveProgram: ShaderProgram
    private let prepareProgram: ShaderProgram
    private let counts = StorageBuffer()
    /// The prepared looks, `shadeStride` bytes a grain.
    let shades = StorageBuffer()
    private var field: Texture3D?
    private var configuredRadius: Float = -1
    /// The field's place and this glass's grains, for the three programs.
    private var parameters = GrainShadingBlock()
    private let block = UniformBlock<GrainShadingBlock>()

    init(shaders: ShaderSource) throws {
        countProgram = try ShaderProgram(compute: "occlusion_count.comp", source: shaders)
        resolveProgram = try ShaderProgram(compute: "occlusion_resolve.comp", source: shaders)
        prepareProgram = try ShaderProgram(compute: "grain_prepare.comp", source: shaders)
    }

    /// Prepares the look of the `count` grains bound at `GrainRenderer.particlesBinding` and
    /// `colorsBinding`, seen from `eye` (in the container's frame), and binds the result for
    /// drawing.
    func prepare(count: Int, profile: HourglassProfile, eye: SIMD3<Float>) {
        configure(profile)
        parameters.eye = PackedFloat3(eye)
        parameters.grainCount = UInt32(count)
        guard let field else { return }
        block.bind(parameters)
        if shades.byteCount < count * Self.shadeStride { shades.allocate(byteCount: count * Self.shadeStride) }
        counts.bind(to: Self.countsBinding)
        shades.bind(to: Self.shadesBinding)
        countProgram.dispatch(invocations: count, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        field.bindImageForWriting(unit: Self.fieldImage)
        resolveProgram.dispatch(invocations: Int(field.size.x * field.size.y * field.size.z), groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
        field.bindTexture(unit: Self.fieldTextureUnit)
        prepareProgram.dispatch(invocations: count, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
    }

    /// Cells sized to the grains, over the glass's inside and one cell more each way (so the
    /// field is empty at its edges, where sampling clamps); rebuilt when the grain size changes.
    private func configure(_ profile: HourglassProfile) {
        guard profile.grainRadius != configuredRadius else { return }
        configuredRadius = profile.grainRadius
        let cellSize = 2 * profile.grainRadius * GrainLook.occlusionCellDiameters
        let half = SIMD3<Float>(HourglassProfile.chamberRadius, profile.innerHalfHeight, HourglassProfile.chamberRadius) + cellSize
        let cells = SIMD3<Int32>((2 * half / cellSize).rounded(.up))
        let origin = -SIMD3<Float>(cells) * cellSize / 2
        field = Texture3D(size: cells)
        counts.upload([UInt32](repeating: 0, count: Int(cells.x * cells.y * cells.z)))
        let grainVolume = 4 / 3 * Float.pi * profile.grainRadius * profile.grainRadius * profile.grainRadius
        parameters.fieldOrigin = PackedFloat3(origin)
        parameters.fieldCellSize = cellSize
        parameters.fieldSize = cells.packed
        parameters.packedCount = GrainLook.packedFraction * cellSize * cellSize * cellSize / grainVolume
        parameters.grainRadius = profile.grainRadius
    }
}
