@preconcurrency import CEpoxy

/// An RGBA16F texture with its own framebuffer: a pass renders into it and a later pass samples
/// it with linear filtering and clamped edges (a post-process such as the sparkles' ripple).
public final class ColourTarget {
    public private(set) var framebuffer: GLuint = 0
    public private(set) var texture: GLuint = 0
    public private(set) var width = 0
    public private(set) var height = 0

    public init() {
        epoxy_glGenFramebuffers(1, &framebuffer)
    }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        if texture != 0 { epoxy_glDeleteTextures(1, &texture) }
    }

    /// Sizes the texture (no-op when unchanged; at least 1 × 1) and binds the framebuffer for
    /// drawing with a viewport covering it.
    public func bind(width: Int, height: Int) {
        let w = max(width, 1), h = max(height, 1)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        if w != self.width || h != self.height {
            if texture != 0 { epoxy_glDeleteTextures(1, &texture) }
            epoxy_glGenTextures(1, &texture)
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            epoxy_glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA16F), GLsizei(w), GLsizei(h))
            for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                                  (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
            }
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            (self.width, self.height) = (w, h)
        }
        epoxy_glViewport(0, 0, GLsizei(w), GLsizei(h))
    }

    /// Binds the texture to texture unit `unit` for sampling.
    public func bindTexture(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    }

    /// The texture's pixels as RGBA floats, rows bottom-up as GL counts.
    public func read() -> [Float] {
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let count = width * height * 4
        let values = [Float](unsafeUninitializedCapacity: count) { storage, initialized in
            epoxy_glGetTexImage(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), storage.baseAddress)
            initialized = count
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        return values
    }
}
