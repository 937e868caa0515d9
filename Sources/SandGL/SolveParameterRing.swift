@preconcurrency import CEpoxy
import GLSupport

/// One uniform buffer of `capacity` `SolveParameters` blocks at the GL's offset alignment, one a
/// substep: a frame's blocks are written before its substeps are queued (in runs of `capacity`
/// for a frame of more substeps), and each substep's dispatches see their own block
/// (`bind`), so nothing is rewritten while the GPU may still read it.
final class SolveParameterRing {
    private let buffer = StorageBuffer()
    private let stride: Int
    /// Blocks the buffer holds: more substeps than a frame at the app's rates takes.
    let capacity = 64

    init() throws {
        var alignment: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT), &alignment)
        let size = MemoryLayout<SolveParameters>.size, align = max(Int(alignment), 16)
        stride = (size + align - 1) / align * align
        epoxy_glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer.id)
        epoxy_glBufferData(GLenum(GL_UNIFORM_BUFFER), capacity * stride, nil, GLenum(GL_STREAM_DRAW))
        try GLError.check("allocating \(capacity * stride) bytes of solve parameters")
    }

    /// Uploads `blocks`, the first at offset 0, into fresh storage (the driver need not wait for
    /// the dispatches that read the last ones).
    func write(_ blocks: ArraySlice<SolveParameters>) {
        precondition(!blocks.isEmpty && blocks.count <= capacity, "\(blocks.count) blocks for a ring of \(capacity)")
        var bytes = [UInt8](repeating: 0, count: blocks.count * stride)
        bytes.withUnsafeMutableBytes { raw in
            for (index, block) in blocks.enumerated() {
                raw.storeBytes(of: block, toByteOffset: index * stride, as: SolveParameters.self)
            }
        }
        epoxy_glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer.id)
        epoxy_glBufferData(GLenum(GL_UNIFORM_BUFFER), capacity * stride, nil, GLenum(GL_STREAM_DRAW))
        epoxy_glBufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, bytes.count, bytes)
    }

    /// Block `index` of the last `write`, for the next dispatches.
    func bind(_ index: Int) {
        precondition(index < capacity, "block \(index) of a ring of \(capacity)")
        epoxy_glBindBufferRange(GLenum(GL_UNIFORM_BUFFER), GLuint(ComputeBindings.solveParameters), buffer.id,
                                index * stride, MemoryLayout<SolveParameters>.size)
    }
}
