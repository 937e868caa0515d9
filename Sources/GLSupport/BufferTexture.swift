@preconcurrency import CEpoxy

/// A buffer seen as a one-dimensional texture of `format` texels (`GL_TEXTURE_BUFFER`), so a
/// shader reads it with `texelFetch` and writes it with `imageStore`. On llvmpipe a texel fetch
/// at an index that differs between invocations costs a fraction of a shader storage load
/// (docs/BENCHMARKS.md); on a GPU it goes through the texture cache, as NVIDIA's `particles`
/// sample reads its sorted arrays.
public final class BufferTexture {
    public let id: GLuint
    /// The storage behind the view, also bindable as a shader storage block.
    public let buffer = StorageBuffer()
    public let format: Int32

    /// An empty view of `format` texels (`GL_RGBA32F`, `GL_R32UI`, ...); `upload` or `allocate`
    /// gives it storage.
    public init(format: Int32) {
        self.format = format
        var id: GLuint = 0
        epoxy_glGenTextures(1, &id)
        self.id = id
    }

    /// Replaces the contents (and size) with `values`.
    public func upload<T>(_ values: [T], usage: Int32 = GL_DYNAMIC_DRAW) {
        buffer.upload(values, usage: usage)
        attach()
    }

    /// Allocates `byteCount` bytes the GPU will fill.
    public func allocate(byteCount: Int) {
        buffer.allocate(byteCount: byteCount)
        attach()
    }

    /// Points the view at the buffer's storage again: Mesa keeps the view of the storage it
    /// first saw, so each reallocation must be attached anew.
    private func attach() {
        epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), id)
        epoxy_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(format), buffer.id)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
    }

    deinit {
        var id = id
        epoxy_glDeleteTextures(1, &id)
    }

    /// Binds the view to texture unit `unit`, for `texelFetch`.
    public func bind(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), id)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Binds the view to image unit `unit`, for `imageStore` (`GL_WRITE_ONLY`) or `imageLoad`.
    public func bindImage(unit: Int, access: Int32 = GL_WRITE_ONLY) {
        epoxy_glBindImageTexture(GLuint(unit), id, 0, GLboolean(GL_FALSE), 0, GLenum(access), GLenum(format))
    }

    /// The most texels a buffer texture may have here.
    public static var maximumTexels: Int {
        var limit: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &limit)
        return Int(limit)
    }
}
