@preconcurrency import CEpoxy

extension OffscreenTarget {
    /// Binds the target for drawing, with a viewport covering all of it.
    public func bind() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The target's RGBA8 pixels, rows bottom-up as GL counts (waits for drawing to finish).
    /// Leaves the target bound.
    public func readPixels() -> [UInt8] {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var data = [UInt8](repeating: 0, count: width * height * 4)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &data)
        return data
    }
}

extension OffscreenTarget {
    /// The target's depth (0 near … 1 far), rows bottom-up; needs `withDepth`.
    public func readDepth() -> [Float] {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var data = [Float](repeating: 0, count: width * height)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_DEPTH_COMPONENT), GLenum(GL_FLOAT), &data)
        return data
    }
}

extension GLInfo {
    /// The oldest GL error not yet read (0 when there is none), for tests that call GL from
    /// Swift 6 code, where epoxy's globals cannot be referenced.
    public static func nextError() -> UInt32 {
        epoxy_glGetError()
    }
}
