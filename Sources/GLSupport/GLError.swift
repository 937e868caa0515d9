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
