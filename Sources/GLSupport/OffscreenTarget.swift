import CEpoxy

/// A single-sample colour framebuffer to resolve into where there is no window (headless
/// benchmarks), so rendering is measured the same way as on screen.
public final class OffscreenTarget {
    public private(set) var framebuffer: GLuint = 0
    private var color: GLuint = 0
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glGenRenderbuffers(1, &color)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteRenderbuffers(1, &color)
    }
}
