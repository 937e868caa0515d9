@preconcurrency import CEpoxy
import Foundation

/// One compiled and linked program (a compute shader, or a vertex and fragment pair), with its
/// uniforms looked up by name once and set only when their value changes.
public final class ShaderProgram {
    public let id: GLuint
    public let file: String
    private var locations: [String: GLint] = [:]
    /// The plain uniforms the sources declare: setting any other name is a mistake (a
    /// misspelling GL would pass over in silence), stopped in debug builds. Read from the
    /// sources only there, when a name is not found: on every program at start it cost about a
    /// second of a release build's start on the development machine.
    private lazy var declared: Set<String> = sources.reduce(into: []) { $0.formUnion(Self.declaredUniforms(in: $1)) }
    private let sources: [String]

    /// A compute program from one `.comp` file.
    public convenience init(compute file: String, source: ShaderSource) throws {
        try self.init(name: file, stages: [(GLenum(GL_COMPUTE_SHADER), file)], source: source)
    }

    /// A render program from a `.vert` and a `.frag` file.
    public convenience init(vertex: String, fragment: String, source: ShaderSource) throws {
        try self.init(name: "\(vertex) + \(fragment)", stages: [(GLenum(GL_VERTEX_SHADER), vertex), (GLenum(GL_FRAGMENT_SHADER), fragment)], source: source)
    }

    /// A program that colours the whole viewport with `fragment` (the shared full-screen triangle
    /// pair, `common/fullscreen.vert`, before it).
    public convenience init(fullscreen fragment: String, source: ShaderSource) throws {
        try self.init(vertex: "../common/fullscreen.vert", fragment: fragment, source: source)
    }

    private init(name: String, stages: [(GLenum, String)], source: ShaderSource) throws {
        let variant = source.variant.isEmpty ? "" : " (\(source.variant))"
        file = name + variant
        let texts = try stages.map { stage, file in (stage, file, try source.text(of: file)) }
        try ShaderDump.write(source: source, stages: texts.map { ($0.1, $0.2) })
        sources = texts.map(\.2)
        id = try ShaderCompiler.link(file: file, stages: texts.map { ($0.0, $0.1 + variant, $0.2) })
    }

    deinit {
        epoxy_glDeleteProgram(id)
    }

    public func use() {
        epoxy_glUseProgram(id)
    }

    /// Runs `invocations` invocations in groups of the shaders' work-group size.
    public func dispatch(invocations: Int, groupSize: Int) {
        use()
        let groups = (invocations + groupSize - 1) / groupSize
        epoxy_glDispatchCompute(GLuint(max(groups, 1)), 1, 1)
    }

    /// Runs as many groups as the three `GLuint`s at `offset` bytes into the buffer bound to
    /// `GL_DISPATCH_INDIRECT_BUFFER` say, which shaders may have written: none when x is 0.
    public func dispatchIndirect(offset: Int) {
        use()
        epoxy_glDispatchComputeIndirect(GLintptr(offset))
    }

    private func location(_ name: String) -> GLint {
        if let known = locations[name] { return known }
        let found = epoxy_glGetUniformLocation(id, name)
        // Not found but declared: the compiler dropped a uniform the shader does not use.
        assert(found >= 0 || declared.contains(name), "\(file) declares no uniform '\(name)'")
        locations[name] = found
        return found
    }

    /// The names of the plain uniforms (not blocks) that `source` declares: `uniform vec2 a, b;`
    /// gives a and b, `uniform uint ends[3];` ends.
    public static func declaredUniforms(in source: String) -> Set<String> {
        var names = Set<String>()
        for line in source.split(separator: "\n") where line.contains("uniform") {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let declaration = code.firstMatch(of: /\buniform\s+\w+\s+([^;{]+);/) else { continue }
            for name in declaration.1.split(separator: ",") {
                let bare = name.split(separator: "[").first?.trimmingCharacters(in: .whitespaces) ?? ""
                if !bare.isEmpty { names.insert(bare) }
            }
        }
        return names
    }

    /// What each uniform was last set to, so setting it again unchanged costs no GL call.
    private var lastWords: [GLint: [UInt32]] = [:]

    /// Calls `apply` with `name`'s location unless the uniform already holds `words`.
    private func update(_ name: String, _ words: [UInt32], _ apply: (GLint) -> Void) {
        let at = location(name)
        guard at >= 0, lastWords[at] != words else { return }
        lastWords[at] = words
        apply(at)
    }

    public func set(_ name: String, _ value: Float) { update(name, [value.bitPattern]) { epoxy_glProgramUniform1f(id, $0, value) } }
    public func set(_ name: String, _ value: UInt32) { update(name, [value]) { epoxy_glProgramUniform1ui(id, $0, value) } }
    public func set(_ name: String, _ value: Int32) { update(name, [UInt32(bitPattern: value)]) { epoxy_glProgramUniform1i(id, $0, value) } }
    public func set(_ name: String, _ value: Bool) { set(name, Int32(value ? 1 : 0)) }
    public func set(_ name: String, _ value: SIMD2<Float>) {
        update(name, [value.x.bitPattern, value.y.bitPattern]) { epoxy_glProgramUniform2f(id, $0, value.x, value.y) }
    }
    public func set(_ name: String, _ value: SIMD2<Int32>) {
        update(name, [UInt32(bitPattern: value.x), UInt32(bitPattern: value.y)]) { epoxy_glProgramUniform2i(id, $0, value.x, value.y) }
    }
    public func set(_ name: String, _ value: SIMD3<Float>) {
        update(name, [value.x.bitPattern, value.y.bitPattern, value.z.bitPattern]) { epoxy_glProgramUniform3f(id, $0, value.x, value.y, value.z) }
    }
    public func set(_ name: String, _ value: SIMD3<Int32>) {
        update(name, [value.x, value.y, value.z].map { UInt32(bitPattern: $0) }) { epoxy_glProgramUniform3i(id, $0, value.x, value.y, value.z) }
    }
    public func set(_ name: String, _ value: SIMD4<Float>) {
        update(name, [value.x, value.y, value.z, value.w].map(\.bitPattern)) { epoxy_glProgramUniform4f(id, $0, value.x, value.y, value.z, value.w) }
    }
    public func set(_ name: String, _ value: Matrix4) {
        update(name, value.columns.map(\.bitPattern)) { at in
            value.columns.withUnsafeBufferPointer { epoxy_glProgramUniformMatrix4fv(id, at, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        }
    }
    public func set(_ name: String, _ values: [SIMD3<Float>]) {
        let flat = values.flatMap { [$0.x, $0.y, $0.z] }
        update(name, flat.map(\.bitPattern)) { at in
            flat.withUnsafeBufferPointer { epoxy_glProgramUniform3fv(id, at, GLsizei(values.count), $0.baseAddress) }
        }
    }
    public func set(_ name: String, _ values: [SIMD4<Float>]) {
        let flat = values.flatMap { [$0.x, $0.y, $0.z, $0.w] }
        update(name, flat.map(\.bitPattern)) { at in
            flat.withUnsafeBufferPointer { epoxy_glProgramUniform4fv(id, at, GLsizei(values.count), $0.baseAddress) }
        }
    }
}

/// Compiles shader stages and links them, turning failures into errors that name the file and
/// carry the driver's log.
public enum ShaderCompiler {
    /// `stages`: the stage, the file it came from (for errors), and the text to compile.
    public static func link(file: String, stages: [(GLenum, String, String)]) throws -> GLuint {
        let program = epoxy_glCreateProgram()
        var shaders: [GLuint] = []
        defer { shaders.forEach { epoxy_glDeleteShader($0) } }
        for (stage, stageFile, text) in stages {
            let shader = epoxy_glCreateShader(stage)
            shaders.append(shader)
            text.withCString { pointer in
                var source: UnsafePointer<GLchar>? = pointer
                epoxy_glShaderSource(shader, 1, &source, nil)
            }
            epoxy_glCompileShader(shader)
            var status: GLint = 0
            epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
            guard status == GL_TRUE else {
                epoxy_glDeleteProgram(program)
                throw GLError.shaderCompile(file: stageFile, log: log(of: shader, isProgram: false))
            }
            epoxy_glAttachShader(program, shader)
        }
        epoxy_glLinkProgram(program)
        var status: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let message = log(of: program, isProgram: true)
            epoxy_glDeleteProgram(program)
            throw GLError.programLink(file: file, log: message)
        }
        return program
    }

    private static func log(of object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram {
            epoxy_glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            epoxy_glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        if isProgram {
            epoxy_glGetProgramInfoLog(object, GLsizei(buffer.count), nil, &buffer)
        } else {
            epoxy_glGetShaderInfoLog(object, GLsizei(buffer.count), nil, &buffer)
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "(the driver gave no log)" : text
    }
}
