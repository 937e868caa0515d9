@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Grains as lit icospheres written on the GPU: each grain's 42 corners placed and coloured
/// (expand_meshes.comp) into `vertices`, which the renderer draws with no copy to the CPU. At
/// 1,176 bytes a grain it is the largest buffer of all, so only Instanced mode's mesh drawing
/// makes one (InstancedSandMode), on its first mesh frame.
final class MeshExpansion {
    private let program: ShaderProgram
    private let block = UniformBlock<DispatchBlock>()
    private let corners = StorageBuffer()
    /// 42 vertices of `MeshVertexLayout.stride` bytes per grain.
    let vertices = StorageBuffer()
    private var grainCount = 0

    init(shaders: ShaderSource) throws {
        program = try ShaderProgram(compute: "expand_meshes.comp", source: shaders)
        corners.upload(Icosphere.vertices.map { SIMD4<Float>($0, 0) }, usage: GL_STATIC_DRAW)
    }

    static func bytes(count: Int) -> Int {
        count * Icosphere.vertexCount * MeshVertexLayout.stride
    }

    /// The most grains whose mesh fits one shader storage block here (128 MB on llvmpipe,
    /// whatever the memory); nil where the GL states no limit.
    static func largestCount() -> Int? {
        var limit: GLint64 = 0
        epoxy_glGetInteger64v(GLenum(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), &limit)
        return limit > 0 ? Int(limit) / bytes(count: 1) : nil
    }

    /// Sizes `vertices` for `count` grains (a new count reallocates it).
    func reserve(count: Int) throws {
        guard count != grainCount else { return }
        precondition(count <= (Self.largestCount() ?? .max), "\(count) grains' meshes exceed a storage block")
        vertices.allocate(byteCount: Self.bytes(count: count))
        try GLError.check("allocating a \(Self.bytes(count: count) >> 20) MB mesh buffer for \(count) grains")
        grainCount = count
    }

    /// Writes `grains`' meshes into `vertices`, sized by `reserve` for their count.
    func expand(_ grains: EngineGrains) {
        precondition(grains.count == grainCount, "meshes reserved for \(grainCount) grains, not \(grains.count)")
        guard grainCount > 0 else { return }
        grains.particles.bind(to: ComputeBindings.particles)
        grains.colors.bind(to: ComputeBindings.colors)
        corners.bind(to: ComputeBindings.corners)
        vertices.bind(to: ComputeBindings.vertices)
        block.bind(DispatchBlock(grainTotal: UInt32(grainCount)))
        program.dispatch(invocations: grainCount * Icosphere.vertexCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
    }
}
