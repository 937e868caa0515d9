@preconcurrency import CEpoxy

/// A GL buffer object: shader storage for the compute engine, vertices and indices for drawing.
public final class StorageBuffer {
    public let id: GLuint
    public private(set) var byteCount: Int = 0

    public init() {
        var id: GLuint = 0
        epoxy_glGenBuffers(1, &id)
        self.id = id
    }

    deinit {
        var id = id
        epoxy_glDeleteBuffers(1, &id)
    }

    /// Replaces the contents (and size) with `values`, leaving the buffer bound to `target`.
    public func upload<T>(_ values: [T], target: Int32 = GL_SHADER_STORAGE_BUFFER, usage: Int32 = GL_DYNAMIC_DRAW) {
        byteCount = values.count * MemoryLayout<T>.stride
        epoxy_glBindBuffer(GLenum(target), id)
        values.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(target), GLsizeiptr(max(byteCount, 4)), bytes.baseAddress, GLenum(usage))
        }
    }

    /// Overwrites the start of the buffer without reallocating it (same size or smaller).
    public func update<T>(_ values: [T], target: Int32 = GL_ARRAY_BUFFER) {
        guard values.count * MemoryLayout<T>.stride <= byteCount else {
            upload(values, target: target)
            return
        }
        epoxy_glBindBuffer(GLenum(target), id)
        values.withUnsafeBytes { bytes in
            epoxy_glBufferSubData(GLenum(target), 0, GLsizeiptr(bytes.count), bytes.baseAddress)
        }
    }

    /// Allocates `byteCount` bytes the GPU will fill.
    public func allocate(byteCount: Int, usage: Int32 = GL_DYNAMIC_COPY) {
        self.byteCount = byteCount
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), id)
        epoxy_glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), GLsizeiptr(max(byteCount, 4)), nil, GLenum(usage))
    }

    /// Sets every byte to 0, on the GL's side.
    public func clear() {
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), id)
        epoxy_glClearBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), GLenum(GL_R32UI), GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_INT), nil)
    }

    /// Copies the first `count` elements back to the CPU (waits for the GPU to finish them).
    public func read<T>(_ type: T.Type, count: Int) -> [T] {
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), id)
        return [T](unsafeUninitializedCapacity: count) { storage, initialized in
            epoxy_glGetBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), 0, GLsizeiptr(count * MemoryLayout<T>.stride), storage.baseAddress)
            initialized = count
        }
    }

    /// Makes this buffer a copy of `source`, on the GL's side.
    public func copy(from source: StorageBuffer) {
        if byteCount != source.byteCount { allocate(byteCount: source.byteCount) }
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        epoxy_glBindBuffer(GLenum(GL_COPY_READ_BUFFER), source.id)
        epoxy_glBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), id)
        epoxy_glCopyBufferSubData(GLenum(GL_COPY_READ_BUFFER), GLenum(GL_COPY_WRITE_BUFFER), 0, 0, GLsizeiptr(byteCount))
    }

    public func bind(to binding: Int) {
        epoxy_glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(binding), id)
    }
}
