import ArgumentParser
import CFastMath
import Foundation

/// Entry point. Parses the arguments (after turning the original app's launch arguments into
/// commands), runs the command, and turns every error into one line on stderr.
@main
enum Main {
    static func main() {
        guard fast_math_processor_supported() != 0 else {
            FileHandle.standardError.write(Data("shifting-sands: error: this processor lacks AVX2 and FMA, which the CPU engine is built for (x86-64 since 2013–2015)\n".utf8))
            exit(1)
        }
        let arguments = OriginalArguments.translate(Array(CommandLine.arguments.dropFirst()))
        // ArgumentParser prints the version and ignores whatever else was given.
        if arguments.contains("--version"), arguments != ["--version"] {
            FileHandle.standardError.write(Data("shifting-sands: error: --version takes no other arguments (give it alone: shifting-sands --version)\n".utf8))
            exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try ShiftingSands.parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = ShiftingSands.exitCode(for: error)
            guard code != .success else { ShiftingSands.exit(withError: error) }
            let message = ShiftingSands.message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " | ")
            FileHandle.standardError.write(Data("shifting-sands: error: \(message)\n".utf8))
            exit(code == .success ? 1 : code.rawValue)
        }
    }
}

/// The root command: a synchronous `ParsableCommand`, since GLFW wants the main thread.
struct ShiftingSands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shifting-sands",
        abstract: "A glass hourglass full of sand grains, simulated on the CPU or in OpenGL compute shaders.",
        version: AppVersion.current,
        subcommands: [RunCommand.self, SimulateCommand.self, SpawnCommand.self, BenchCommand.self, CalibrateCommand.self, IconCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
