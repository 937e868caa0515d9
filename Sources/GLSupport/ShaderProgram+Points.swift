@preconcurrency import CEpoxy

extension ShaderProgram {
    /// Draws `count` points with this program, each as large as its vertex shader says, their
    /// colours added onto what is there (the sparkles' cloud, the titanium pool's sprites). The
    /// points' data comes from buffers the caller bound; the vertex array too.
    public func drawAdditivePoints(count: Int) {
        epoxy_glEnable(GLenum(GL_PROGRAM_POINT_SIZE))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        use()
        epoxy_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(count))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_PROGRAM_POINT_SIZE))
    }
}
