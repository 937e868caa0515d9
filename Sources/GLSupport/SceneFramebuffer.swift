@preconcurrency import CEpoxy

/// An offscreen target with 4× MSAA colour and depth. The scene is drawn here and resolved to
/// the window (or a readable framebuffer), so screenshots and headless rendering get the same
/// anti-aliasing as the screen, with no temporal tricks.
public final class SceneFramebuffer {
    public static let samples: GLsizei = 4
    private var framebuffer: GLuint = 0
    private var color: GLuint = 0
    private var depth: GLuint = 0
    public private(set) var width = 0
    public private(set) var height = 0

    public init() {
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glGenRenderbuffers(1, &color)
        epoxy_glGenRenderbuffers(1, &depth)
    }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteRenderbuffers(1, &color)
        epoxy_glDeleteRenderbuffers(1, &depth)
    }

    /// Sizes the buffers (no-op when unchanged) and binds them for drawing.
    public func bind(width: Int, height: Int) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        if width != self.width || height != self.height {
            self.width = width
            self.height = height
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
            epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), Self.samples, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
            epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), Self.samples, GLenum(GL_DEPTH_COMPONENT24), GLsizei(width), GLsizei(height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        }
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Copies every sample of colour and depth into `other`, sized to match (which it binds).
    public func copy(into other: SceneFramebuffer) {
        other.bind(width: width, height: height)
        for (source, destination) in [(color, other.color), (depth, other.depth)] {
            epoxy_glCopyImageSubData(source, GLenum(GL_RENDERBUFFER), 0, 0, 0, 0, destination, GLenum(GL_RENDERBUFFER), 0, 0, 0, 0,
                                     GLsizei(width), GLsizei(height), 1)
        }
    }

    /// Resolves the samples into `target` (0 = the window); the depth too with `depth` (the
    /// target's depth must be `GL_DEPTH_COMPONENT24`, as an `OffscreenTarget`'s is).
    public func resolve(into target: GLuint, depth: Bool = false) {
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target)
        let buffers = GL_COLOR_BUFFER_BIT | (depth ? GL_DEPTH_BUFFER_BIT : 0)
        epoxy_glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height), GLbitfield(buffers), GLenum(GL_NEAREST))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
    }
}
