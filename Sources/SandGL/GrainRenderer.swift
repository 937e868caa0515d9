@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Grains where they lie on the GPU: 32-byte particles (grain i at index i) and one packed
/// RGBA8 colour each.
public struct EngineGrains {
    public let particles: StorageBuffer
    public let colors: StorageBuffer
    public let count: Int

    public init(particles: StorageBuffer, colors: StorageBuffer, count: Int) {
        (self.particles, self.colors, self.count) = (particles, colors, count)
    }
}

/// Where the grains to draw come from this frame, and in which shape.
public enum GrainSource {
    /// Grain states on the CPU (CPU engine, or the GPU engine's readback), with one packed
    /// RGBA8 colour per grain: uploaded, then drawn in `shape`.
    case positions([Grain], colors: [UInt32], shape: GrainShape)
    /// The compute engine's grains, drawn as impostors straight from its buffers.
    case particles(EngineGrains)
    /// The compute engine's expanded mesh (`expandMeshes`), with its grains for the occlusion.
    case mesh(StorageBuffer, grains: EngineGrains)
}

/// Draws grains as ray-cast sphere impostors or as lit icospheres, by any path; every path
/// reads the grains through grain_source.glsl and shades them through grain_shading.glsl, from
/// the looks `GrainShading` prepares first, so the modes and shapes look alike.
final class GrainRenderer {
    static let particlesBinding = 13
    static let colorsBinding = 14

    private let instancedProgram: ShaderProgram
    private let meshProgram: ShaderProgram
    private let impostorProgram: ShaderProgram
    private let shading: GrainShading
    private var instancedArray: GLuint = 0
    private var meshArray: GLuint = 0
    private var impostorArray: GLuint = 0
    private let corners = StorageBuffer()
    private let sphereIndices = StorageBuffer()
    private let meshIndices = StorageBuffer()
    private var meshIndexGrains = 0
    private let impostorIndices = StorageBuffer()
    private var impostorIndexGrains = 0
    /// The CPU's grains and colours, uploaded in the layout of the compute engine's buffers.
    private let uploadedGrains = StorageBuffer()
    private let uploadedColors = StorageBuffer()

    init(shaders: ShaderSource) throws {
        instancedProgram = try ShaderProgram(vertex: "grain_instanced.vert", fragment: "grain.frag", source: shaders)
        meshProgram = try ShaderProgram(vertex: "grain_mesh.vert", fragment: "grain.frag", source: shaders)
        impostorProgram = try ShaderProgram(vertex: "grain_impostor.vert", fragment: "grain_impostor.frag", source: shaders)
        shading = try GrainShading(shaders: shaders)

        epoxy_glGenVertexArrays(1, &instancedArray)
        epoxy_glBindVertexArray(instancedArray)
        corners.upload(Icosphere.vertices.flatMap { [$0.x, $0.y, $0.z] }, target: GL_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        VertexAttribute.float(location: 0, components: 3, stride: 12, offset: 0)
        sphereIndices.upload(Icosphere.indices, target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        epoxy_glBindVertexArray(0)
        epoxy_glGenVertexArrays(1, &meshArray)
        epoxy_glGenVertexArrays(1, &impostorArray)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &instancedArray)
        epoxy_glDeleteVertexArrays(1, &meshArray)
        epoxy_glDeleteVertexArrays(1, &impostorArray)
    }

    /// Where the eye is, for what is hidden (the programs have it in the view's block).
    func setCameraPosition(_ position: SIMD3<Float>) {
        cameraPosition = position
    }

    private var cameraPosition = SIMD3<Float>.zero

    /// Draws the grains of the glass at `placement`, its view's block bound (SceneRenderer).
    func draw(_ source: GrainSource, profile: HourglassProfile, placement: HourglassPlacement) {
        let grains: EngineGrains
        switch source {
        case .positions(let cpuGrains, let colors, _):
            assert(colors.count == cpuGrains.count, "grain i's colour is colour i: \(colors.count) for \(cpuGrains.count) grains")
            uploadedGrains.update(cpuGrains, target: GL_SHADER_STORAGE_BUFFER)
            uploadedColors.update(colors, target: GL_SHADER_STORAGE_BUFFER)
            grains = EngineGrains(particles: uploadedGrains, colors: uploadedColors, count: cpuGrains.count)
        case .particles(let engineGrains), .mesh(_, let engineGrains):
            grains = engineGrains
        }
        guard grains.count > 0 else { return }
        grains.particles.bind(to: Self.particlesBinding)
        grains.colors.bind(to: Self.colorsBinding)
        shading.prepare(count: grains.count, profile: profile, eye: placement.containerFromWorld.transform(cameraPosition))

        switch source {
        case .positions(_, _, .mesh):
            instancedProgram.use()
            epoxy_glBindVertexArray(instancedArray)
            epoxy_glDrawElementsInstanced(GLenum(GL_TRIANGLES), GLsizei(Icosphere.indicesPerGrain), GLenum(GL_UNSIGNED_INT), nil, GLsizei(grains.count))
        case .positions(_, _, .impostor), .particles:
            bindImpostors(grainCount: grains.count)
            impostorProgram.use()
            epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(grains.count * Self.impostorIndices.count), GLenum(GL_UNSIGNED_INT), nil)
        case .mesh(let vertices, _):
            bindMesh(vertices, grainCount: grains.count)
            meshProgram.use()
            epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(grains.count * Icosphere.indicesPerGrain), GLenum(GL_UNSIGNED_INT), nil)
        }
        epoxy_glBindVertexArray(0)
    }

    /// Two triangles over a grain's four corners.
    private static let impostorIndices: [UInt32] = [0, 1, 2, 2, 1, 3]

    /// Grows the impostors' static index buffer (6 indices per grain, corners 4g…4g+3) to
    /// `grainCount`; the draw uses its start.
    private func bindImpostors(grainCount: Int) {
        epoxy_glBindVertexArray(impostorArray)
        if impostorIndexGrains < grainCount {
            impostorIndexGrains = grainCount
            var indices: [UInt32] = []
            indices.reserveCapacity(grainCount * Self.impostorIndices.count)
            for grain in 0..<UInt32(grainCount) {
                for corner in Self.impostorIndices { indices.append(4 * grain + corner) }
            }
            impostorIndices.upload(indices, target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        }
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), impostorIndices.id)
    }

    /// Points the mesh VAO at the engine's vertex buffer (every frame: a new engine brings a new
    /// buffer), and rebuilds the static index buffer (240 indices per grain) when the count changes.
    private func bindMesh(_ vertices: StorageBuffer, grainCount: Int) {
        epoxy_glBindVertexArray(meshArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertices.id)
        VertexAttribute.float(location: 0, components: 3, stride: MeshVertexLayout.stride, offset: MeshVertexLayout.positionOffset)
        VertexAttribute.float(location: 1, components: 3, stride: MeshVertexLayout.stride, offset: MeshVertexLayout.normalOffset)
        if meshIndexGrains != grainCount {
            meshIndexGrains = grainCount
            meshIndices.upload(Icosphere.indexBuffer(grains: grainCount), target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        }
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), meshIndices.id)
    }
}
