@preconcurrency import CEpoxy

/// Everything that can go wrong between us and the GL, each with a message a user can act on.
public enum GLError: Error, CustomStringConvertible, Equatable {
    case noContext(String)
    case shaderMissing(name: String, searched: [String])
    case shaderCompile(file: String, log: String)
    case programLink(file: String, log: String)
    case glCall(String, code: UInt32)
    case bufferTooLarge(String)

    public var description: String {
        switch self {
        case .noContext(let reason):
            "no OpenGL 4.3 context: \(reason)"
        case .shaderMissing(let name, let searched):
            "shader file \(name) not found (looked in \(searched.joined(separator: ", ")); set SHIFTING_SANDS_SHADERS to the Shaders folder"
        case .shaderCompile(let file, let log):
            "shader \(file) failed to compile: \(log)"
        case .programLink(let file, let log):
            "shader \(file) failed to link: \(log)"
        case .glCall(let call, let code):
            "OpenGL error 0x\(String(code, radix: 16)) after \(call)"
        case .bufferTooLarge(let reason):
            reason
        }
    }
}

extension GLError {
    /// Throws the GL's pending error, if any, as the failure of `call` (what was just asked of
    /// it: an allocation, say), so it is named where it happened rather than found later.
    public static func check(_ call: @autoclosure () -> String) throws {
        let code = epoxy_glGetError()
        guard code != GLenum(GL_NO_ERROR) else { return }
        // Later errors queued behind it belong to the same call.
        while epoxy_glGetError() != GLenum(GL_NO_ERROR) {}
        throw GLError.glCall(call(), code: code)
    }
}
