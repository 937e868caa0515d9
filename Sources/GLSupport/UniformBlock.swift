@preconcurrency import CEpoxy

/// A Swift mirror of a std140 uniform block, member for member in the GL's order and places, so
/// a program's parameters go to it as one value (UniformBlock), where setting them uniform by
/// uniform passed over a misspelt name in silence. Plain data, every pad a member, so its bytes
/// are the block's.
public protocol UniformBlockMirror: BitwiseCopyable {
    /// The block's name in GLSL (by default the mirror's).
    static var blockName: String { get }
    /// The uniform buffer binding its shaders read it at (a `#define` they are given).
    static var binding: Int { get }
    /// Each member's byte offset by its GLSL name (by default read from the declaration).
    static var layout: [(String, Int)] { get }
}

extension UniformBlockMirror {
    /// The mirror's own name, where the GLSL block is named so.
    public static var blockName: String { String(describing: Self.self) }

    /// Each member's byte offset by its GLSL name, for the test that holds it to the GL's
    /// (`ShaderProgram.layoutMismatches`): the mirror's stored properties in order, where Swift
    /// places them, by their names (an `InlineArray` by its first element's, `name[0]`, as the
    /// GL names an array's); members named `padding…` are std140's gaps and left out. Read from
    /// the declaration, so a member's name is written once on the Swift side.
    public static var layout: [(String, Int)] {
        let zeroed = withUnsafeTemporaryAllocation(byteCount: MemoryLayout<Self>.size, alignment: MemoryLayout<Self>.alignment) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            return raw.load(as: Self.self)
        }
        var members: [(String, Int)] = [], end = 0
        for child in Mirror(reflecting: zeroed).children {
            let (size, alignment) = _openExistential(type(of: child.value), do: sizeAndAlignment)
            let offset = (end + alignment - 1) / alignment * alignment
            end = offset + size
            guard let label = child.label, !label.hasPrefix("padding") else { continue }
            members.append((String(describing: type(of: child.value)).hasPrefix("InlineArray<") ? label + "[0]" : label, offset))
        }
        return members
    }
}

private func sizeAndAlignment<T>(_: T.Type) -> (Int, Int) {
    (MemoryLayout<T>.size, MemoryLayout<T>.alignment)
}

/// One uniform buffer holding a `Block`: uploaded when it changes, bound at the block's binding
/// before the draw or dispatch that reads it.
public final class UniformBlock<Block: UniformBlockMirror> {
    private let buffer = StorageBuffer()
    /// The bytes last uploaded, so an unchanged block is not uploaded again.
    private var last: [UInt8] = []

    /// Needs a current GL context.
    public init() {
        epoxy_glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer.id)
        epoxy_glBufferData(GLenum(GL_UNIFORM_BUFFER), MemoryLayout<Block>.size, nil, GLenum(GL_DYNAMIC_DRAW))
    }

    /// `block` for the next draws or dispatches (uploaded only if it changed).
    public func bind(_ block: Block) {
        upload(block)
        bind()
    }

    /// Holds `block` from now on (uploaded only if it changed), for each `bind()` after: a
    /// block set once where a pile is loaded and bound before each dispatch.
    public func upload(_ block: Block) {
        withUnsafeBytes(of: block) { bytes in
            guard !bytes.elementsEqual(last) else { return }
            epoxy_glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer.id)
            epoxy_glBufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, bytes.count, bytes.baseAddress)
            last = Array(bytes)
        }
    }

    /// The block last uploaded, for the next draws or dispatches.
    public func bind() {
        epoxy_glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), GLuint(Block.binding), buffer.id)
    }
}

extension ShaderProgram {
    /// Where this program's GL lays out `Block` unlike its Swift mirror: its size, its binding,
    /// a member missing on either side or at another offset; empty where they agree.
    public func layoutMismatches<Block: UniformBlockMirror>(of _: Block.Type) -> [String] {
        let block = epoxy_glGetUniformBlockIndex(id, Block.blockName)
        guard block != GLuint(GL_INVALID_INDEX) else { return ["\(file) has no active block \(Block.blockName)"] }
        var problems: [String] = []
        var size: GLint = 0, binding: GLint = -1, members: GLint = 0
        epoxy_glGetActiveUniformBlockiv(id, block, GLenum(GL_UNIFORM_BLOCK_DATA_SIZE), &size)
        epoxy_glGetActiveUniformBlockiv(id, block, GLenum(GL_UNIFORM_BLOCK_BINDING), &binding)
        epoxy_glGetActiveUniformBlockiv(id, block, GLenum(GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS), &members)
        if Int(size) != MemoryLayout<Block>.size { problems.append("\(Block.blockName): the GL's \(size) bytes, Swift's \(MemoryLayout<Block>.size)") }
        if Int(binding) != Block.binding { problems.append("\(Block.blockName): bound at \(binding), Swift says \(Block.binding)") }
        if Int(members) != Block.layout.count { problems.append("\(Block.blockName): \(members) active members, \(Block.layout.count) in Swift") }
        for (name, offset) in Block.layout {
            var index = GLuint(GL_INVALID_INDEX)
            name.withCString { pointer in
                var names: [UnsafePointer<GLchar>?] = [pointer]
                epoxy_glGetUniformIndices(id, 1, &names, &index)
            }
            guard index != GLuint(GL_INVALID_INDEX) else {
                problems.append("\(Block.blockName).\(name) is not an active member")
                continue
            }
            var glOffset: GLint = -1
            epoxy_glGetActiveUniformsiv(id, 1, &index, GLenum(GL_UNIFORM_OFFSET), &glOffset)
            if Int(glOffset) != offset { problems.append("\(Block.blockName).\(name): the GL puts it at \(glOffset), Swift at \(offset)") }
        }
        return problems
    }
}
