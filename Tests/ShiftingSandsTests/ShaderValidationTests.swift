import Foundation
import GLSupport
import Testing

/// Every shader program the app links, as the GL is given it, checked by the Khronos reference
/// compiler: Mesa's compiler accepts things other drivers reject, and the reverse.
@Suite("Shader validation", .serialized)
struct ShaderValidationTests {
    /// The programs the app links, dumped (ShaderDump) by `bench` runs that build every scene's
    /// GL objects: each engine and grain shape of the hourglass, the wave pool, sparkles, titanium.
    /// Into the build folder, one dump replacing the last: three tests share it, and a static has
    /// no end to clean up at (each run left half a megabyte in /tmp).
    static let dumped: Result<URL, CommandFailure> = {
        let folder = CommandRun.repository.appendingPathComponent(".build/shader-validation-dump")
        try? FileManager.default.removeItem(at: folder)
        let runs = [
            ["bench", "--modes", "cpu,gpu,instanced", "--counts", "50", "--grain-shape", "impostor,mesh"],
            ["bench", "--scene", "waves", "--screens", "64x64", "--pixel-sizes", "8"],
            ["bench", "--scene", "sparkles", "--particles", "32"],
            ["bench", "--scene", "titanium"],
        ]
        for arguments in runs {
            let run: CommandRun
            do {
                run = try CommandRun(arguments + ["--steps", "1", "--warmup", "0", "--allow-debug"],
                                     environment: [ShaderDump.environmentVariable: folder.path])
            } catch {
                return .failure(CommandFailure(description: "\(arguments.joined(separator: " ")): \(error)"))
            }
            guard run.status == 0 else {
                return .failure(CommandFailure(description: "\(arguments.joined(separator: " ")) exited \(run.status): \(run.stderr)"))
            }
        }
        return .success(folder)
    }()

    struct CommandFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Each dumped program's folder, named `scene/stages[.variant]`.
    static func programs(in dump: URL) throws -> [String: URL] {
        var found: [String: URL] = [:]
        for scene in try FileManager.default.contentsOfDirectory(atPath: dump.path) {
            for program in try FileManager.default.contentsOfDirectory(atPath: dump.appendingPathComponent(scene).path) {
                found["\(scene)/\(program)"] = dump.appendingPathComponent(scene).appendingPathComponent(program)
            }
        }
        return found
    }

    @Test("every program and variant the app links compiles and links under glslangValidator with no error or warning")
    func everyProgram() throws {
        let dump = try Self.dumped.get()
        let programs = try Self.programs(in: dump)
        let failures = try programs.sorted { $0.key < $1.key }.compactMap { name, folder in
            try ReferenceCompiler.check(program: folder).map { "\(name): \($0)" }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        for role in ["only", "first", "between", "last"] {
            for sleep in ["sleeps", "awake"] {
                #expect(programs["hourglass/contact_solve.\(role)-\(sleep)"] != nil, "the contact solve's \(role)-\(sleep) variant was not linked")
            }
        }
    }

    @Test("every stage file in Shaders/ is in some program the dump holds, so none goes unchecked")
    func everyFile() throws {
        let dump = try Self.dumped.get()
        let checked = Set(try Self.programs(in: dump).values.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).map { "\(folder.deletingLastPathComponent().lastPathComponent)/\($0)" }
        })
        let shaders = CommandRun.repository.appendingPathComponent("Shaders")
        let stageExtensions: Set<String> = ["comp", "vert", "frag"]
        for scene in try FileManager.default.contentsOfDirectory(atPath: shaders.path) where scene != "common" {
            for file in try FileManager.default.contentsOfDirectory(atPath: shaders.appendingPathComponent(scene).path)
            where stageExtensions.contains(URL(fileURLWithPath: file).pathExtension) {
                #expect(checked.contains("\(scene)/\(file)"), "Shaders/\(scene)/\(file) is in no program the app linked")
            }
        }
    }

    @Test("a type error put into a program on purpose fails the check, naming the program and variant")
    func typeError() throws {
        let dump = try Self.dumped.get()
        let program = dump.appendingPathComponent("hourglass").appendingPathComponent("contact_solve.first-sleeps")
        let text = try String(contentsOf: program.appendingPathComponent("contact_solve.comp"), encoding: .utf8)
        #expect(try ReferenceCompiler.check(program: program) == nil)
        let wrong = text.replacingOccurrences(of: "void main() {", with: "void main() {\n    float speed = vec3(1.0);")
        #expect(wrong != text)
        try withTemporaryFolder("broken") { folder in
            let broken = folder.appendingPathComponent("hourglass").appendingPathComponent("contact_solve.first-sleeps")
            try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
            try wrong.write(to: broken.appendingPathComponent("contact_solve.comp"), atomically: true, encoding: .utf8)
            let failure = try #require(try ReferenceCompiler.check(program: broken))
            #expect(failure.contains("contact_solve.first-sleeps") && failure.contains("contact_solve.comp"), "\(failure)")
            #expect(failure.contains("cannot convert"), "\(failure)")
        }
    }
}

/// The Khronos reference compiler (`glslangValidator`, Debian's glslang-tools), run on one
/// program's dumped stages under OpenGL semantics, linked together.
enum ReferenceCompiler {
    /// Nil where the program compiles and links with nothing said; else what the compiler said,
    /// naming the program's folder.
    static func check(program folder: URL) throws -> String? {
        let stages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        let run = try CommandRun(tool: "glslangValidator", ["-l"] + stages)
        let said = run.stdout + run.stderr
        if run.status == 127 {
            throw ShaderValidationError(description: "glslangValidator is not installed: scripts/install-deps installs glslang-tools")
        }
        let problems = said.split(separator: "\n").filter { $0.contains("ERROR") || $0.contains("WARNING") }
        guard run.status != 0 || !problems.isEmpty else { return nil }
        let name = "\(folder.deletingLastPathComponent().lastPathComponent)/\(folder.lastPathComponent)"
        return "\(name) (exit \(run.status)): \(problems.joined(separator: "; "))"
    }
}

struct ShaderValidationError: Error, CustomStringConvertible {
    let description: String
}
