@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// A vertex array object with its buffers, for meshes that are uploaded once.
public final class SurfaceMeshBuffers {
    private var vertexArray: GLuint = 0
    private let vertices = StorageBuffer()
    private let indices = StorageBuffer()
    public let indexCount: Int

    /// Positions at location 0, normals at location 1, interleaved.
    public init(_ mesh: SurfaceMesh) {
        indexCount = mesh.indices.count
        epoxy_glGenVertexArrays(1, &vertexArray)
        epoxy_glBindVertexArray(vertexArray)
        let interleaved = zip(mesh.positions, mesh.normals).flatMap { [$0.0.x, $0.0.y, $0.0.z, $0.1.x, $0.1.y, $0.1.z] }
        vertices.upload(interleaved, target: GL_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        VertexAttribute.float(location: 0, components: 3, stride: 24, offset: 0)
        VertexAttribute.float(location: 1, components: 3, stride: 24, offset: 12)
        indices.upload(mesh.indices, target: GL_ELEMENT_ARRAY_BUFFER, usage: GL_STATIC_DRAW)
        epoxy_glBindVertexArray(0)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &vertexArray)
    }

    public func draw() {
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(indexCount), GLenum(GL_UNSIGNED_INT), nil)
        epoxy_glBindVertexArray(0)
    }
}

/// Vertex attribute set-up for the buffer bound to GL_ARRAY_BUFFER.
enum VertexAttribute {
    static func float(location: GLuint, components: GLint, stride: Int, offset: Int, divisor: GLuint = 0) {
        epoxy_glEnableVertexAttribArray(location)
        epoxy_glVertexAttribPointer(location, components, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride), UnsafeRawPointer(bitPattern: offset))
        epoxy_glVertexAttribDivisor(location, divisor)
    }

    /// Four bytes read as a normalised RGBA colour.
    static func color(location: GLuint, stride: Int, offset: Int, divisor: GLuint = 0) {
        epoxy_glEnableVertexAttribArray(location)
        epoxy_glVertexAttribPointer(location, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), GLsizei(stride), UnsafeRawPointer(bitPattern: offset))
        epoxy_glVertexAttribDivisor(location, divisor)
    }
}
