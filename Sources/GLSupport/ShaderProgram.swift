@preconcurrency import CEpoxy
import Foundation

/// One compiled and linked program (a compute shader, or a vertex and fragment pair). Its
/// parameters come in std140 blocks (UniformBlock), its textures and images at the units its
/// shaders name: nothing is set by name, where a misspelt name did nothing in silence.
public final class ShaderProgram {
    public let id: GLuint
    public let file: String
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
