@preconcurrency import CEpoxy

/// The window's own framebuffer (0): bound for a scene to draw into, and read for screenshots.
public enum WindowFramebuffer {
    /// Binds it for drawing, with a viewport over all `width` × `height` pixels.
    public static func bind(width: Int, height: Int) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The back buffer as RGBA rows from the top; or, given another framebuffer (an offscreen
    /// target's), its first colour attachment.
    public static func read(framebuffer: UInt32 = 0, width: Int, height: Int) -> [UInt8] {
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        epoxy_glReadBuffer(GLenum(framebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0))
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        // GL counts rows from the bottom; image files from the top.
        let row = width * 4
        var flipped = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            flipped[(height - 1 - y) * row..<(height - y) * row] = pixels[y * row..<(y + 1) * row]
        }
        return flipped
    }
}
