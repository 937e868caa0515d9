@preconcurrency import CEpoxy

/// A single-sample colour framebuffer to resolve into where there is no window (headless
/// benchmarks), so rendering is measured the same way as on screen; with depth too, for
/// looking at what a scene wrote (the depth format is the scene target's, so it resolves).
public final class OffscreenTarget {
    public private(set) var framebuffer: GLuint = 0
    private var color: GLuint = 0
    private var depth: GLuint = 0
    public let width: Int
    public let height: Int
    /// The context whose names these are, kept while the target lives, so its names are deleted
    /// while the context is still current: an optimised build released a local context first
    /// on an error's way out, and the deletion then aborted in libepoxy.
    private let context: AnyObject?

    public init(width: Int, height: Int, withDepth: Bool = false, in context: AnyObject? = nil) {
        self.width = width
        self.height = height
        self.context = context
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let attachments = [(GL_RGBA8, GL_COLOR_ATTACHMENT0)] + (withDepth ? [(GL_DEPTH_COMPONENT24, GL_DEPTH_ATTACHMENT)] : [])
        for (format, attachment) in attachments {
            var buffer: GLuint = 0
            epoxy_glGenRenderbuffers(1, &buffer)
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), buffer)
            epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(format), GLsizei(width), GLsizei(height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(attachment), GLenum(GL_RENDERBUFFER), buffer)
            if attachment == GL_DEPTH_ATTACHMENT { depth = buffer } else { color = buffer }
        }
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteRenderbuffers(1, &color)
        if depth != 0 { epoxy_glDeleteRenderbuffers(1, &depth) }
    }
}
