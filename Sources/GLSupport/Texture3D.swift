@preconcurrency import CEpoxy

/// A single-channel half-float 3D texture (`GL_R16F`) with trilinear filtering and clamped
/// edges: a field that a compute shader writes as an image and fragment shaders sample between
/// its cells.
public final class Texture3D {
    public let id: GLuint
    public let size: SIMD3<Int32>

    /// Allocates immutable storage of `size` cells (contents undefined until written).
    public init(size: SIMD3<Int32>) {
        precondition(size.x > 0 && size.y > 0 && size.z > 0, "a texture needs at least one cell")
        self.size = size
        var id: GLuint = 0
        epoxy_glGenTextures(1, &id)
        self.id = id
        epoxy_glBindTexture(GLenum(GL_TEXTURE_3D), id)
        epoxy_glTexStorage3D(GLenum(GL_TEXTURE_3D), 1, GLenum(GL_R16F), size.x, size.y, size.z)
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                              (GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_3D), GLenum(name), value)
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_3D), 0)
    }

    deinit {
        var id = id
        epoxy_glDeleteTextures(1, &id)
    }

    /// Binds the texture to image unit `unit` for writing.
    public func bindImageForWriting(unit: Int) {
        epoxy_glBindImageTexture(GLuint(unit), id, 0, GLboolean(GL_TRUE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_R16F))
    }

    /// Binds the texture to texture unit `unit` for sampling.
    public func bindTexture(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_3D), id)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
