import CEpoxy
import GLSupport
import SandSim

/// Where the grains to draw come from this frame.
public enum GrainSource {
    /// Grain states on the CPU (CPU engine, or the GPU engine's readback), with one packed
    /// RGBA8 colour per grain.
    case positions([Grain], colors: [UInt32])
    /// The compute engine's expanded mesh, drawn where it lies.
    case mesh(StorageBuffer, grainCount: Int)
}

/// Draws grains as lit icospheres, by either path, through the same fragment shader so the
/// three modes look alike.
final class GrainRenderer {
    private let instancedProgram: ShaderProgram
    private let meshProgram: ShaderProgram
    private var instancedArray: GLuint = 0
    private var meshArray: GLuint = 0
    private let corners = StorageBuffer()
    private let sphereIndices = StorageBuffer()
    private let instances = StorageBuffer()
    private let instanceColors = StorageBuffer()
    private let meshIndices = StorageBuffer()
    private var meshIndexGrains = 0

    init(shaders: ShaderSource) throws {
        instancedProgram = try ShaderProgram(vertex: "grain_instanced.vert", fragment: "grain.frag", source: shaders)
        meshProgram = try ShaderProgram(vertex: "grain_mesh.vert", fragment: "grain.frag", source: shaders)
        LightRig.apply(to: instancedProgram)
        LightRig.apply(to: meshProgram)

        epoxy_glGenVertexArrays(1, &instancedArray)
        epoxy_glBindVertexArray(instancedArray)
        corners.upload(Icosphere.vertices.flatMap { [$0.x, $0.y, $0.z] }, target: GL_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        VertexAttribute.float(location: 0, components: 3, stride: 12, offset: 0)
        instances.upload([SIMD4<Float>](), target: GL_ARRAY_BUFFER)
        VertexAttribute.float(location: 1, components: 4, stride: 16, offset: 0, divisor: 1)
        instanceColors.upload([UInt32](), target: GL_ARRAY_BUFFER)
        VertexAttribute.color(location: 2, stride: 4, offset: 0, divisor: 1)
        sphereIndices.upload(Icosphere.indices, target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        epoxy_glBindVertexArray(0)
        epoxy_glGenVertexArrays(1, &meshArray)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &instancedArray)
        epoxy_glDeleteVertexArrays(1, &meshArray)
    }

    /// Where the eye is, for the specular highlights.
    func setCameraPosition(_ position: SIMD3<Float>) {
        instancedProgram.set("cameraPosition", position)
        meshProgram.set("cameraPosition", position)
    }

    func draw(_ source: GrainSource, model: Matrix4, viewProjection: Matrix4) {
        switch source {
        case .positions(let grains, let colors):
            guard !grains.isEmpty else { return }
            instances.update(grains.map(\.positionAndRadius))
            instanceColors.update(colors)
            instancedProgram.set("model", model)
            instancedProgram.set("viewProjection", viewProjection)
            instancedProgram.use()
            epoxy_glBindVertexArray(instancedArray)
            epoxy_glDrawElementsInstanced(GLenum(GL_TRIANGLES), GLsizei(Icosphere.indicesPerGrain), GLenum(GL_UNSIGNED_INT), nil, GLsizei(grains.count))
        case .mesh(let vertices, let grainCount):
            guard grainCount > 0 else { return }
            bindMesh(vertices, grainCount: grainCount)
            meshProgram.set("model", model)
            meshProgram.set("viewProjection", viewProjection)
            meshProgram.use()
            epoxy_glBindVertexArray(meshArray)
            epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(grainCount * Icosphere.indicesPerGrain), GLenum(GL_UNSIGNED_INT), nil)
        }
        epoxy_glBindVertexArray(0)
    }

    /// Points the mesh VAO at the engine's vertex buffer (every frame: a new engine brings a new
    /// buffer), and rebuilds the static index buffer (240 indices per grain) when the count changes.
    private func bindMesh(_ vertices: StorageBuffer, grainCount: Int) {
        epoxy_glBindVertexArray(meshArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertices.id)
        VertexAttribute.float(location: 0, components: 3, stride: MeshVertexLayout.stride, offset: MeshVertexLayout.positionOffset)
        VertexAttribute.float(location: 1, components: 3, stride: MeshVertexLayout.stride, offset: MeshVertexLayout.normalOffset)
        VertexAttribute.color(location: 2, stride: MeshVertexLayout.stride, offset: MeshVertexLayout.colorOffset)
        if meshIndexGrains != grainCount {
            meshIndexGrains = grainCount
            meshIndices.upload(Icosphere.indexBuffer(grains: grainCount), target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        }
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), meshIndices.id)
    }
}
