import CEpoxy

/// An RGB half-float cube map with linear filtering across seamless faces: an environment that
/// surfaces look up by direction.
public final class CubeTexture {
    public let id: GLuint
    public let size: Int

    /// `faces`: six faces in GL's order (+X, −X, +Y, −Y, +Z, −Z), each `size` × `size` RGB
    /// texels, row by row from GL's first row.
    public init(size: Int, faces: [[SIMD3<Float>]]) {
        precondition(faces.count == 6 && faces.allSatisfy { $0.count == size * size }, "a cube map needs six square faces")
        self.size = size
        var id: GLuint = 0
        epoxy_glGenTextures(1, &id)
        self.id = id
        epoxy_glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), id)
        epoxy_glTexStorage2D(GLenum(GL_TEXTURE_CUBE_MAP), 1, GLenum(GL_RGB16F), GLsizei(size), GLsizei(size))
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        for (index, face) in faces.enumerated() {
            let flat = face.flatMap { [$0.x, $0.y, $0.z] }
            flat.withUnsafeBytes { bytes in
                epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + Int32(index)), 0, 0, 0, GLsizei(size), GLsizei(size),
                                      GLenum(GL_RGB), GLenum(GL_FLOAT), bytes.baseAddress)
            }
        }
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

    /// Binds the texture to texture unit `unit` for sampling.
    public func bindTexture(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), id)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
