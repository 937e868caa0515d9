@preconcurrency import CEpoxy

/// A vertex array with no buffers, which core GL wants bound for a draw whose vertex shader
/// makes its vertices from `gl_VertexID` (full-screen passes, point sprites read from storage).
public final class VertexlessArray {
    private var id: GLuint = 0

    /// Needs a current GL context.
    public init() {
        epoxy_glGenVertexArrays(1, &id)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &id)
    }

    public func bind() {
        epoxy_glBindVertexArray(id)
    }
}
