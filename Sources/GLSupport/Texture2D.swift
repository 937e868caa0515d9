@preconcurrency import CEpoxy

/// A single-channel 32-bit float 2D texture (`GL_R32F`), nearest filtering and clamped edges:
/// a grid of numbers that compute shaders read and write as an image and fragment shaders read
/// with `texelFetch`. Row 0 of `upload`/`read` is the texture's first row (GL's bottom row; a
/// scene that wants row 0 at the top flips when it draws).
public final class Texture2D {
    public let id: GLuint
    public let width: Int
    public let height: Int

    /// Allocates immutable storage of `width` × `height` cells, all zero.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a texture needs at least one cell")
        self.width = width
        self.height = height
        var id: GLuint = 0
        epoxy_glGenTextures(1, &id)
        self.id = id
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        epoxy_glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R32F), GLsizei(width), GLsizei(height))
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        upload([Float](repeating: 0, count: width * height))
    }

    deinit {
        var id = id
        epoxy_glDeleteTextures(1, &id)
    }

    /// Replaces every cell; `values` is row-major, `width * height` long.
    public func upload(_ values: [Float]) {
        precondition(values.count == width * height, "expected \(width * height) values, got \(values.count)")
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        values.withUnsafeBytes { bytes in
            epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED), GLenum(GL_FLOAT), bytes.baseAddress)
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }

    /// Copies every cell back, row-major (waits for the GPU's image writes to finish).
    public func read() -> [Float] {
        epoxy_glMemoryBarrier(GLbitfield(GL_TEXTURE_UPDATE_BARRIER_BIT))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let values = [Float](unsafeUninitializedCapacity: width * height) { storage, initialized in
            epoxy_glGetTexImage(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RED), GLenum(GL_FLOAT), storage.baseAddress)
            initialized = width * height
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        return values
    }

    /// Binds level 0 to image unit `unit` (`GL_READ_ONLY`, `GL_WRITE_ONLY` or `GL_READ_WRITE`).
    public func bindImage(unit: Int, access: Int32) {
        epoxy_glBindImageTexture(GLuint(unit), id, 0, GLboolean(GL_FALSE), 0, GLenum(access), GLenum(GL_R32F))
    }

    /// Binds the texture to texture unit `unit` for sampling.
    public func bindTexture(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
    }
}
