@preconcurrency import CEpoxy

/// An offscreen colour and depth target, 4× MSAA by default: what is drawn here is resolved
/// into a one-sample one (or the window), so screenshots and headless rendering get the same
/// anti-aliasing as the screen, with no temporal tricks. With one sample its colour is a texture,
/// for a later pass to read.
public final class SceneFramebuffer {
    public static let samples: GLsizei = 4
    public let samples: GLsizei
    private var framebuffer: GLuint = 0
    private var color: GLuint = 0
    private var depth: GLuint = 0
    public private(set) var width = 0
    public private(set) var height = 0

    public init(samples: GLsizei = SceneFramebuffer.samples) {
        self.samples = samples
        epoxy_glGenFramebuffers(1, &framebuffer)
        if samples > 1 { epoxy_glGenRenderbuffers(1, &color) } else { epoxy_glGenTextures(1, &color) }
        epoxy_glGenRenderbuffers(1, &depth)
    }

    /// Where the colour lives: a renderbuffer with samples, a texture without.
    private var colorTarget: GLenum { GLenum(samples > 1 ? GL_RENDERBUFFER : GL_TEXTURE_2D) }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        if samples > 1 { epoxy_glDeleteRenderbuffers(1, &color) } else { epoxy_glDeleteTextures(1, &color) }
        epoxy_glDeleteRenderbuffers(1, &depth)
    }

    /// Sizes the buffers (no-op when unchanged) and binds them for drawing.
    public func bind(width: Int, height: Int) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        if width != self.width || height != self.height {
            self.width = width
            self.height = height
            let (w, h) = (GLsizei(width), GLsizei(height))
            if samples > 1 {
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
                epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), samples, GLenum(GL_RGBA8), w, h)
                epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
            } else {
                // Storage made once cannot be resized: a new texture for a new size.
                epoxy_glDeleteTextures(1, &color)
                epoxy_glGenTextures(1, &color)
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), color)
                epoxy_glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), w, h)
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
                epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
            }
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
            if samples > 1 {
                epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), samples, GLenum(GL_DEPTH_COMPONENT24), w, h)
            } else {
                epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), w, h)
            }
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        }
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The whole target.
    public var bounds: Viewport { Viewport(x: 0, y: 0, width: width, height: height) }

    /// Copies every sample of colour and depth in `rect` (all of it by default) into the same
    /// place in `other` (same samples), sized to match; leaves `other` bound.
    public func copy(into other: SceneFramebuffer, rect: Viewport? = nil) {
        precondition(other.samples == samples, "a copy between \(samples) and \(other.samples) samples")
        other.bind(width: width, height: height)
        let r = rect ?? bounds
        for (source, destination, target) in [(color, other.color, colorTarget), (depth, other.depth, GLenum(GL_RENDERBUFFER))] {
            epoxy_glCopyImageSubData(source, target, 0, GLint(r.x), GLint(r.y), 0, destination, target, 0,
                                     GLint(r.x), GLint(r.y), 0, GLsizei(r.width), GLsizei(r.height), 1)
        }
    }

    /// Resolves the samples in `rect` (all of them by default) into the same place in `target`
    /// (0 = the window), or copies them where there is one sample; the depth too with `depth`
    /// (the target's depth must be `GL_DEPTH_COMPONENT24`, as an `OffscreenTarget`'s is).
    /// Leaves `target` bound.
    public func resolve(into target: GLuint, rect: Viewport? = nil, depth: Bool = false) {
        let r = rect ?? bounds
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target)
        let buffers = GL_COLOR_BUFFER_BIT | (depth ? GL_DEPTH_BUFFER_BIT : 0)
        epoxy_glBlitFramebuffer(GLint(r.x), GLint(r.y), GLint(r.x + r.width), GLint(r.y + r.height), GLint(r.x), GLint(r.y),
                                GLint(r.x + r.width), GLint(r.y + r.height), GLbitfield(buffers), GLenum(GL_NEAREST))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
    }

    /// Resolves into `other` (one sample), sized to match, its depth too with `depth`.
    public func resolve(into other: SceneFramebuffer, rect: Viewport? = nil, depth: Bool = false) {
        precondition(other.samples == 1, "a resolve into \(other.samples) samples")
        other.bind(width: width, height: height)
        resolve(into: other.framebuffer, rect: rect, depth: depth)
    }

    /// Binds the colour texture (one sample) to texture `unit`.
    public func bindColorTexture(unit: Int) {
        precondition(samples == 1, "a multisampled colour is no texture")
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), color)
    }
}
