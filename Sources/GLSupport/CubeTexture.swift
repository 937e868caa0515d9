import CEpoxy

/// A half-float RGBA cube map with linear filtering across seamless faces: an environment that
/// a compute shader writes once, face by face as layers of an image, and surfaces look up by
/// direction.
public final class CubeTexture {
    public let id: GLuint
    public let size: Int

    /// Allocates six faces of `size` × `size` texels (contents undefined until written).
    public init(size: Int) {
        self.size = size
        var id: GLuint = 0
        epoxy_glGenTextures(1, &id)
        self.id = id
        epoxy_glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), id)
        epoxy_glTexStorage2D(GLenum(GL_TEXTURE_CUBE_MAP), 1, GLenum(GL_RGBA16F), GLsizei(size), GLsizei(size))
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                              (GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_CUBE_MAP), GLenum(name), value)
        }
        epoxy_glEnable(GLenum(GL_TEXTURE_CUBE_MAP_SEAMLESS))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), 0)
    }

    deinit {
        var id = id
        epoxy_glDeleteTextures(1, &id)
    }

    /// Binds all six faces to image unit `unit` for writing (`imageCube`, the face as z).
    public func bindImageForWriting(unit: Int) {
        epoxy_glBindImageTexture(GLuint(unit), id, 0, GLboolean(GL_TRUE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA16F))
    }

    /// Binds the texture to texture unit `unit` for sampling.
    public func bindTexture(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), id)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
