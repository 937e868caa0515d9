import Foundation

/// Where `$SHIFTING_SANDS_SHADER_DUMP` names a folder, every program the app links is written
/// there as the GL is given it (defines and includes in place), one folder a program:
/// `scene/stages[.variant]/stage files` (`hourglass/surface+glass/`,
/// `hourglass/contact_solve.first-awake/`). Other compilers check those files (the Khronos
/// reference compiler in ShaderValidationTests; a driver's on a machine with a GPU).
public enum ShaderDump {
    public static let environmentVariable = "SHIFTING_SANDS_SHADER_DUMP"

    /// Writes one program's stages, `(file, text)`, where the environment asks for it.
    static func write(source: ShaderSource, stages: [(file: String, text: String)]) throws {
        guard let root = ProcessInfo.processInfo.environment[environmentVariable], !root.isEmpty else { return }
        let files = stages.map { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent }.joined(separator: "+")
        let name = source.variant.isEmpty ? files : "\(files).\(source.variant)"
        let folder = URL(fileURLWithPath: root).appendingPathComponent(source.directory.lastPathComponent).appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for stage in stages {
                let url = folder.appendingPathComponent(URL(fileURLWithPath: stage.file).lastPathComponent)
                // One name, two texts: a variant the dump cannot tell apart (no variant name given).
                if let kept = try? String(contentsOf: url, encoding: .utf8), kept != stage.text {
                    throw ShaderDumpError(description: "\(name) is assembled two ways; name the variant (ShaderSource.adding(defines:variant:))")
                }
                try stage.text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch let error as ShaderDumpError {
            throw error
        } catch {
            throw ShaderDumpError(description: "cannot write \(name) into \(folder.path) (\(environmentVariable)): \(error.localizedDescription)")
        }
    }
}

public struct ShaderDumpError: Error, CustomStringConvertible {
    public let description: String
}
